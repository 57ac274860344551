import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrationsFolder, rowsOf, runMigrations } from './client.js';

/**
 * Issue 27: a migration as `npm run db:generate` writes it for a new kind (a column and its trigram search
 * index, then a later one that drops the index) is committed unedited and runs on both databases: PostgreSQL
 * builds the index, embedded PGlite leaves it out (embedded-migrations.ts) instead of stopping the start-up
 * with "Failed query: CREATE INDEX ... gin_trgm_ops".
 */
const GENERATED = [
  {
    tag: '9000_toll_plaza',
    sql: [
      'ALTER TABLE "cash_advances" ADD COLUMN "toll_plaza" text;',
      'CREATE INDEX "cash_advances_toll_plaza_search_idx" ON "cash_advances" USING gin ("toll_plaza" gin_trgm_ops);',
    ],
  },
  {
    tag: '9001_toll_plaza_index_dropped',
    sql: [
      'DROP INDEX "cash_advances_toll_plaza_search_idx";',
      'ALTER TABLE "cash_advances" ADD COLUMN "toll_gate" text;',
    ],
  },
];

type Journal = {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};

/** A copy of the migrations folder with the first `count` generated migrations added after the real ones. */
function folderWith(count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'ff-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  GENERATED.slice(0, count).forEach((migration, n) => {
    writeFileSync(join(folder, `${migration.tag}.sql`), migration.sql.join('--> statement-breakpoint\n'));
    journal.entries.push({ ...last, idx: last.idx + n + 1, when: last.when + n + 1, tag: migration.tag });
  });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

describe('a generated migration with a trigram index, committed unedited', () => {
  let database: TestDatabase;
  const folders: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n;
  const indexExists = async () =>
    (await count(
      sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'cash_advances_toll_plaza_search_idx'`,
    )) === 1;
  const columns = async () =>
    rowsOf<{ column_name: string }>(
      await database.db.execute(
        sql`SELECT column_name FROM information_schema.columns
            WHERE table_name = 'cash_advances' AND column_name LIKE 'toll_%' ORDER BY column_name`,
      ),
    ).map((row) => row.column_name);

  it('adds the column on both databases, and the index on PostgreSQL only', async () => {
    const folder = folderWith(1);
    folders.push(folder);
    await runMigrations(database, folder);
    expect(await columns()).toEqual(['toll_plaza']);
    expect(await indexExists()).toBe(database.kind === 'postgres');
  });

  it('then drops that index where it was built and runs the rest of the migration everywhere', async () => {
    const folder = folderWith(2);
    folders.push(folder);
    await runMigrations(database, folder);
    expect(await columns()).toEqual(['toll_gate', 'toll_plaza']);
    expect(await indexExists()).toBe(false);
    expect(await count(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toBe(
      (JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal).entries.length,
    );
  });
});
