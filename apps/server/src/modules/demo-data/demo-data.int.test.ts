import { afterAll, beforeAll, expect, it } from 'vitest';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
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

  const [counts] = await query<Record<string, number>>(
    server,
    sql`SELECT (SELECT count(*)::int FROM sales_invoices) AS si, (SELECT count(*)::int FROM transporter_invoices) AS ti,
               (SELECT count(*)::int FROM cash_advances) AS ca, (SELECT count(*)::int FROM fuel_advances) AS fa,
               (SELECT count(*)::int FROM vas_transactions) AS vas`,
  );
  const n = STARTUP_DEMO.count;
  expect(counts).toEqual({ si: n, ti: n, ca: n, fa: n, vas: n });
  // Well under 2 s on a quiet machine; the bound leaves room for a loaded CI runner.
  expect(elapsed).toBeLessThan(10_000);

  expect(await demo.loadIfEmpty()).toBe(false);
  const [again] = await query<{ n: number }>(server, sql`SELECT count(*)::int AS n FROM sales_invoices`);
  expect(again?.n).toBe(n);
  const audits = await query<{ event: string }>(
    server,
    sql`SELECT event FROM audits WHERE event LIKE '%as demo data (seed 42)%'`,
  );
  expect(audits).toHaveLength(5);
});
