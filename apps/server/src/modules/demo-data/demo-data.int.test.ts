import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { serverKinds } from '../records/kinds/index.js';
import { createDemoDataService, STARTUP_DEMO } from './demo-data.service.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

it('loads the start-up demo set into an empty database only, quickly', async () => {
  const demo = createDemoDataService({
    imports: server.app.services.imports,
    timeZone: server.env.APP_TIMEZONE,
  });
  const started = Date.now();
  expect(await demo.loadIfEmpty()).toBe(true);
  const elapsed = Date.now() - started;

  // Every table a kind brings demo rows for (the registry's, so a new kind is counted without editing this).
  const tables = [
    ...new Set(serverKinds().flatMap((kind) => ('demo' in kind ? [getTableName(kind.table)] : []))),
  ];
  expect(tables.length).toBeGreaterThan(0);
  const counts = Object.fromEntries(
    await Promise.all(
      tables.map(async (table) => {
        const [row] = await query<{ n: number }>(
          server,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
        );
        return [table, row?.n] as const;
      }),
    ),
  );
  const n = STARTUP_DEMO.count;
  expect(counts).toEqual(Object.fromEntries(tables.map((table) => [table, n])));
  // Well under 2 s on a quiet machine; the bound leaves room for a loaded CI runner.
  expect(elapsed).toBeLessThan(10_000);

  expect(await demo.loadIfEmpty()).toBe(false);
  const [again] = await query<{ n: number }>(server, sql`SELECT count(*)::int AS n FROM sales_invoices`);
  expect(again?.n).toBe(n);
  const audits = await query<{ event: string }>(
    server,
    sql`SELECT event FROM audits WHERE event LIKE '%as demo data (seed 42)%'`,
  );
  // One audit entry per table loaded.
  expect(audits).toHaveLength(tables.length);
});
