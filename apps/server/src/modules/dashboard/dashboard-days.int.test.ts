import { eq } from 'drizzle-orm';
import { RECORD_KIND_NAMES, type DashboardKindSummary } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecords, recordRows } from '../../test/posting-harness.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { salesInvoices } from '../records/kinds/sales-invoice/index.js';
import { createDashboardRepository } from './dashboard.repository.js';

/**
 * The dashboard's days are whole days in the application's time zone (here Asia/Kolkata, UTC+05:30, so a
 * UTC day would put every boundary below in the wrong bucket), read at a fixed instant just after local
 * midnight: the aging boundaries 7/8, 30/31 and 60/61 days, and the posted-per-day window's first and last
 * day. Document dates carry an explicit offset, so each row sits exactly one second either side of a local
 * midnight.
 */
const TIME_ZONE = 'Asia/Kolkata';
/** 2025-03-10 00:30 in Kolkata (2025-03-09 19:00 UTC): "today" is 2025-03-10, not UTC's 2025-03-09. */
const NOW = new Date('2025-03-10T00:30:00+05:30');

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { APP_TIMEZONE: TIME_ZONE } });
}, 60_000);
afterAll(() => server?.close());

/** Sales invoices at these document dates with these amounts; answers their ids. */
const salesAt = (rows: [documentDate: string, amount: string][]) =>
  importRecords(
    server,
    'sales',
    rows.map(([documentDate, amount]) => recordRows.sales({ documentDate, amount })),
  );

const salesSummary = async (now = NOW): Promise<DashboardKindSummary> =>
  (await server.app.services.dashboard.summary(['salesInvoice'], now)).kinds[0]!;

describe('dashboard days in the application time zone', { timeout: 60_000 }, () => {
  it('puts each side of the 7/8, 30/31 and 60/61-day boundaries in its own bucket', async () => {
    // Each amount is a power of two, so a bucket's total says which rows it holds.
    await salesAt([
      ['2025-03-10T00:00:00+05:30', '1.00'], // 0 days: today's first second
      ['2025-03-03T00:00:00+05:30', '2.00'], // 7 days
      ['2025-03-02T23:59:59+05:30', '4.00'], // 8 days
      ['2025-02-08T00:00:00+05:30', '8.00'], // 30 days
      ['2025-02-07T23:59:59+05:30', '16.00'], // 31 days
      ['2025-01-09T00:00:00+05:30', '32.00'], // 60 days
      ['2025-01-08T23:59:59+05:30', '64.00'], // 61 days
    ]);
    const summary = await salesSummary();
    expect(summary.aging).toEqual([
      { bucket: '0-7', count: 2, amount: '3.00', currencies: [] },
      { bucket: '8-30', count: 2, amount: '12.00', currencies: [] },
      { bucket: '31-60', count: 2, amount: '48.00', currencies: [] },
      { bucket: '60+', count: 1, amount: '64.00', currencies: [] },
    ]);
    expect(summary.awaiting).toEqual({ count: 7, amount: '127.00', currencies: [] });
  });

  it('answers today and the read time in the time zone', async () => {
    const summary = await server.app.services.dashboard.summary([], NOW);
    expect(summary).toEqual({ kinds: [], today: '2025-03-10', generatedAt: '2025-03-10 00:30:00' });
  });

  it('counts postings by their day in the time zone over the 30 days to today, zero-filling the rest', async () => {
    const ids = await salesAt(
      Array.from({ length: 5 }, (_, i): [string, string] => ['2025-01-01T08:00:00+05:30', `${10 ** i}.00`]),
    );
    const postedAt = [
      '2025-03-10T00:00:00+05:30', // today's first second: today
      '2025-03-09T23:59:59+05:30', // yesterday's last: yesterday
      '2025-02-09T00:00:00+05:30', // 29 days ago: the window's first day
      '2025-02-08T23:59:59+05:30', // 30 days ago: before the window
      '2025-03-10T00:29:59+05:30', // a second before now: today
    ];
    // The poster stamps posted_at with the clock; to place postings a second either side of midnight the
    // test writes the state a successful post leaves, at chosen instants.
    for (const [i, id] of ids.entries())
      await server.database.db
        .update(salesInvoices)
        .set({ status: 'posted', postedAt: new Date(postedAt[i]!), postingDate: '2025-03-01' })
        .where(eq(salesInvoices.id, id));

    const { postedPerDay } = await salesSummary();
    expect(postedPerDay).toHaveLength(30);
    expect(postedPerDay[0]).toEqual({ day: '2025-02-09', count: 1, amount: '100.00', currencies: [] });
    expect(postedPerDay.at(-2)).toEqual({ day: '2025-03-09', count: 1, amount: '10.00', currencies: [] });
    expect(postedPerDay.at(-1)).toEqual({ day: '2025-03-10', count: 2, amount: '10001.00', currencies: [] });
    const days = postedPerDay.map((d) => d.day);
    expect(new Set(days).size).toBe(30);
    expect([...days].sort()).toEqual(days);
    const rest = postedPerDay.slice(1, -2);
    expect(rest.every((d) => d.count === 0 && d.amount === '0.00')).toBe(true);
  });

  it('moves the days over at local midnight, not at UTC midnight', async () => {
    // 23:59:59 on 2025-03-09 in Kolkata is 18:29:59 UTC: still the 9th, so the 10th's postings are tomorrow's.
    const before = await salesSummary(new Date('2025-03-09T23:59:59+05:30'));
    expect(before.postedPerDay.at(-1)).toMatchObject({ day: '2025-03-09', count: 1 });
    // 2025-03-03 00:00 is 7 days old on the 10th but 6 on the 9th; 2025-03-02 23:59:59 is then 7 days old.
    expect(before.aging[0]).toEqual({ bucket: '0-7', count: 3, amount: '7.00', currencies: [] });
  });

  it("reads the same instants by another time zone's days (New York, on the day DST began)", async () => {
    // 2025-03-10 00:30 in Kolkata is 2025-03-09 15:00 in New York (EDT since 02:00 that day).
    const newYork = createDashboardRepository(server.database.db, 'America/New_York');
    const summary = await newYork.summary(['salesInvoice'], NOW);
    expect(summary.today).toBe('2025-03-09');
    expect(summary.generatedAt).toBe('2025-03-09 15:00:00');
    // The postings of 2025-03-09 23:59:59 and 2025-03-10 00:00/00:29:59 Kolkata are all on the 9th in New York.
    expect(summary.kinds[0]!.postedPerDay.at(-1)).toMatchObject({ day: '2025-03-09', count: 3 });
  });
});

/** The statements the current `statementsDuring` has seen; null when not counting. */
let seen: string[] | null = null;
const textOf = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: string })?.text ?? q));
const counted = new WeakSet<object>();

/** Wraps `target[method]` so each call is recorded while counting; answers the undo. */
function counting<T extends object>(target: T, method: keyof T & string, label?: string): () => void {
  const original = target[method] as (...args: unknown[]) => unknown;
  (target as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    seen?.push(label ?? textOf(args[0]));
    return original.apply(this, args);
  };
  return () => ((target as Record<string, unknown>)[method] = original);
}

/**
 * Runs `work` and answers the statements the database driver was handed meanwhile: PGlite's `query` and
 * `exec` (and any `transaction`), or every `query` of each node-postgres client the pool hands out (its
 * public `acquire` event), which is where `pool.query` and transactions send theirs.
 */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const { pglite, pool } = server.database;
  const undo: (() => void)[] = [];
  const onAcquire = (client: object) => {
    if (counted.has(client)) return;
    counted.add(client);
    counting(client as { query: unknown }, 'query');
  };
  if (pglite) {
    undo.push(counting(pglite, 'query'), counting(pglite, 'exec'), counting(pglite, 'transaction', 'BEGIN'));
  } else {
    pool!.on('acquire', onAcquire);
    undo.push(() => pool!.off('acquire', onAcquire));
  }
  const statements: string[] = [];
  seen = statements;
  try {
    await work();
  } finally {
    seen = null;
    for (const step of undo.reverse()) step();
  }
  return statements;
}

describe('one round trip', { timeout: 60_000 }, () => {
  const recordTables = /"(sales_invoices|transporter_invoices|cash_advances|fuel_advances|vas_transactions)"/;

  it('reads every kind in one statement, from the running totals and no record table (issue 30)', async () => {
    const statements = await statementsDuring(() =>
      server.app.services.dashboard.summary(RECORD_KIND_NAMES, NOW),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('dashboard_counts');
    expect(statements[0]).not.toMatch(recordTables);
  });

  it('reads every kind in one statement when it counts the records themselves (the check)', async () => {
    const statements = await statementsDuring(() =>
      server.app.services.dashboard.recount(RECORD_KIND_NAMES, NOW),
    );
    expect(statements).toHaveLength(1);
    for (const table of [
      'sales_invoices',
      'transporter_invoices',
      'cash_advances',
      'fuel_advances',
      'vas_transactions',
    ])
      expect(statements[0]).toContain(`"${table}"`);
  });

  it('reads the running totals in one statement of a whole dashboard request, and no record table', async () => {
    const admin = await server.signInAsAdmin();
    const statements = await statementsDuring(async () =>
      expect((await admin.get('/api/v1/dashboard')).status).toBe(200),
    );
    expect(statements.length).toBeGreaterThan(1);
    expect(statements.filter((s) => s.includes('dashboard_counts'))).toHaveLength(1);
    expect(statements.filter((s) => recordTables.test(s))).toEqual([]);
  });
});
