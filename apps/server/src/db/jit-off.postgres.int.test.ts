import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './client.js';
import { openDatabase, type Database } from './client.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * The product's PostgreSQL sessions run without JIT compilation (docs/decisions/025-jit-off.md): a statement
 * every screen runs (the dashboard's) otherwise paid about 370 ms of compilation per call once the tables had
 * statistics (issue 30). An operator's `options` in DATABASE_URL still decides.
 */
let database: TestDatabase;
let other: Database | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await other?.close();
  await database?.drop();
});

const jitOf = async (db: Database['db']) =>
  rowsOf<{ jit: string }>(await db.execute(sql`SELECT current_setting('jit') AS jit`))[0]!.jit;

describe('JIT on the pool', () => {
  it('is off on every connection of the pool, however many are open at once', async () => {
    const settings = await Promise.all(Array.from({ length: 4 }, () => jitOf(database.db)));
    expect(settings).toEqual(['off', 'off', 'off', 'off']);
  });

  it("follows an operator's options in DATABASE_URL", async () => {
    const url = new URL(database.url!);
    url.searchParams.set('options', '-c jit=on');
    other = await openDatabase({ kind: 'postgres', url: url.toString() });
    expect(await jitOf(other.db)).toBe('on');
  });
});
