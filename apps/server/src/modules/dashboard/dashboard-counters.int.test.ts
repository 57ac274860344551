import { sql } from 'drizzle-orm';
import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type DashboardSummary,
  type RecordKindName,
} from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { waitFor } from '../../test/fixtures.js';
import { postableRows, postBodyOf } from '../../test/kind-fixtures.js';
import {
  attemptsOf,
  importRecords,
  monthOf,
  nairobiDay,
  recordRows,
  storedRows,
} from '../../test/posting-harness.js';
import { PATHS, sale, startRecordsHarness, today } from '../../test/records-suite.js';
import type { PostingHarness } from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { reverse } from '../reversal/testing/reversal-harness.js';

/**
 * The dashboard's running totals (issue 30): after every kind of write a record goes through (import, an update by
 * a later import, post, SAP's refusal, queueing, reversal, re-post, delete, and the compaction), they equal a
 * count of the records themselves, key by key (`check`), and the dashboard they give equals the one counted from
 * the records, figure by figure. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
}, 120_000);
afterAll(() => h?.close());

const at = (daysAgo: number, time = '10:00:00') => `${nairobiDay(-daysAgo)}T${time}`;

/** The totals agree with a fresh count, and the dashboard read from them with the one counted from the records. */
async function expectTotalsExact(after: string): Promise<DashboardSummary> {
  const { dashboardCounters, dashboard } = h.app.services;
  expect(await dashboardCounters.check(), `the totals' drift after ${after}`).toEqual([]);
  const now = new Date();
  const kept = await dashboard.summary(RECORD_KIND_NAMES, now);
  expect(kept, `the dashboard after ${after}`).toEqual(await dashboard.recount(RECORD_KIND_NAMES, now));
  return kept;
}
const kindIn = (summary: DashboardSummary, kind: RecordKindName) =>
  summary.kinds.find((k) => k.kind === RECORD_KINDS_PLAIN[kind].apiName)!;
const countKeys = async () =>
  Number(
    rowsOf<{ n: string }>(
      await h.database.db.execute(
        sql`SELECT count(DISTINCT (step, status, day, currency))::text AS n FROM dashboard_counts`,
      ),
    )[0]!.n,
  );
const countRows = async () =>
  Number(
    rowsOf<{ n: string }>(
      await h.database.db.execute(sql`SELECT count(*)::text AS n FROM dashboard_counts`),
    )[0]!.n,
  );

describe('the running totals equal a recount', { timeout: 120_000 }, () => {
  it('are this version’s, installed with the app: the dashboard reads them, not the records', async () => {
    const [state] = rowsOf<{ definition: string; time_zone: string }>(
      await h.database.db.execute(sql`SELECT definition, time_zone FROM dashboard_counter_state`),
    );
    expect(state).toEqual({
      definition: h.app.services.dashboardCounters.definition.hash,
      time_zone: 'Africa/Nairobi',
    });
    // A second install of the same definition changes nothing.
    expect(await h.app.services.dashboardCounters.install()).toBe('current');
  });

  it('after imports of every kind, in every aging bucket, with and without a currency, and a re-import', async () => {
    const days = [0, 3, 8, 29, 31, 59, 61, 400];
    await importRecords(
      h,
      'sales',
      days.map((d, i) =>
        recordRows.sales({
          documentDate: at(d),
          amount: `${100 + i}.25`,
          ...(i % 3 === 0 ? { currency: 'USD' } : {}),
        }),
      ),
    );
    await importRecords(
      h,
      'transporter',
      days.map((d) => recordRows.transporter({ documentDate: at(d, '23:59:00') })),
    );
    await importRecords(
      h,
      'cash',
      days.map((d, i) =>
        recordRows.cash({ documentDate: at(d, '00:00:00'), ...(i % 2 ? { currency: 'EUR' } : {}) }),
      ),
    );
    await importRecords(
      h,
      'fuel',
      days.map((d) => recordRows.fuel({ documentDate: at(d) })),
    );
    await importRecords(
      h,
      'vas',
      days.map((d) => recordRows.vas({ documentDate: at(d) })),
    );
    const summary = await expectTotalsExact('the imports');
    expect(kindIn(summary, 'salesInvoice').awaiting.count).toBe(days.length);
    expect(kindIn(summary, 'salesInvoice').awaiting.currencies.map((c) => c.currency)).toEqual(['USD']);

    // The trip system sends the same sales invoice again with a new amount and date: an update of the row.
    const again = recordRows.sales({ documentDate: at(2), amount: '10.00' });
    await importRecords(h, 'sales', [again]);
    await importRecords(h, 'sales', [{ ...again, amount: '12.34', documentDate: at(45) }]);
    await expectTotalsExact('a re-import that changed the amount and the document date');
  });

  it('after posts of every kind, SAP refusing one, the queue posting VAS, a reversal and the re-post', async () => {
    for (const kind of RECORD_KIND_NAMES.filter((k) => !RECORD_KINDS_PLAIN[k].queued)) {
      const ids = await postableRows(h, kind, 2);
      await expectTotalsExact(`making ${kind} rows ready`);
      const posted = await admin.post(RECORD_KINDS_PLAIN[kind].apiPath, await postBodyOf(h, kind, ids));
      expect(posted.status, `${kind}: ${posted.text}`).toBe(200);
      await expectTotalsExact(`posting ${kind}`);
    }

    // VAS: queued first (counted as queued), posted by the worker.
    const vasIds = await postableRows(h, 'vasTransaction', 2);
    const queued = await admin.post(PATHS.vas, await postBodyOf(h, 'vasTransaction', vasIds));
    expect(queued.status).toBe(200);
    await waitFor(
      async () => (await storedRows(h, 'vas', vasIds)).every((r) => r.status === 'posted'),
      'the queued VAS rows to be posted',
      30_000,
    );
    await expectTotalsExact('the queue posting VAS rows');

    // SAP refuses a post (a locked period): the row is failed, still awaiting.
    const [refused] = await postableRows(h, 'salesInvoice', 1);
    expect((await admin.get('/api/v1/posting-periods?refresh=1')).status).toBe(200);
    await h.sim.control('/__sim/periods/lock', { from: monthOf(today) });
    try {
      expect((await admin.post(PATHS.sales, { postSap: [sale(refused!)] })).status).toBe(422);
    } finally {
      await h.sim.control('/__sim/periods/unlock', { from: monthOf(today) });
    }
    const failed = await expectTotalsExact('SAP refusing a post');
    expect(kindIn(failed, 'salesInvoice').failed).toBe(1);

    // Reversal: the posted row is back in the list (its document day), out of today's posted figures.
    const [reversed] = await postableRows(h, 'salesInvoice', 1);
    expect((await admin.post(PATHS.sales, { postSap: [sale(reversed!)] })).status).toBe(200);
    const before = kindIn(await expectTotalsExact('the post to be reversed'), 'salesInvoice');
    const postingId = (await attemptsOf(h, 'SI', reversed!))[0]!.id;
    expect((await reverse(admin, postingId)).status).toBe(200);
    const after = kindIn(await expectTotalsExact('the reversal'), 'salesInvoice');
    expect(after.awaiting.count).toBe(before.awaiting.count + 1);
    expect(after.postedPerDay.at(-1)!.count).toBe(before.postedPerDay.at(-1)!.count - 1);

    // The re-post, and the refused row posted once the period is open.
    expect((await admin.post(PATHS.sales, { postSap: [sale(reversed!), sale(refused!)] })).status).toBe(200);
    const reposted = kindIn(await expectTotalsExact('the re-post'), 'salesInvoice');
    expect(reposted.failed).toBe(0);
  });

  it('after records are deleted, the compaction, and a table emptied', async () => {
    const { db } = h.database;
    await db.execute(
      sql`DELETE FROM sales_invoices WHERE id IN (SELECT id FROM sales_invoices ORDER BY id LIMIT 3)`,
    );
    await db.execute(sql`DELETE FROM transporter_invoices WHERE fj_status = 'posted'`);
    await expectTotalsExact('deleting records');

    expect(await h.app.services.dashboardCounters.compact('now')).toBe(true);
    // One row per key is left.
    expect(await countRows()).toBe(await countKeys());
    await expectTotalsExact('the compaction');

    await db.execute(sql`TRUNCATE cash_advances`);
    const emptied = await expectTotalsExact('emptying a table');
    expect(kindIn(emptied, 'cashAdvance').awaiting).toEqual({ count: 0, amount: '0.00', currencies: [] });
  });

  it('are counted afresh when the definition changes (another time zone), and the check finds a tampered total', async () => {
    const { db } = h.database;
    await db.execute(sql`UPDATE dashboard_counter_state SET definition = 'an older version'`);
    // The dashboard counts the records meanwhile, with the same answer.
    await expectTotalsExact('another version installed');
    expect(await h.app.services.dashboardCounters.install()).toBe('installed');
    await expectTotalsExact('the reinstall');

    await db.execute(sql`INSERT INTO dashboard_counts (step, status, day, currency, count, amount)
      VALUES ('salesInvoice', 'unposted', ${today}::date, '', 1, 5)`);
    expect(await h.app.services.dashboardCounters.check()).toEqual([
      expect.objectContaining({ step: 'salesInvoice', status: 'unposted', day: today, currency: '' }),
    ]);
  });
});
