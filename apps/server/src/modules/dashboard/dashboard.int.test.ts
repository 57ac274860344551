import { eq } from 'drizzle-orm';
import {
  AGING_BUCKETS,
  dashboardSummary,
  PERMISSIONS,
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type DashboardKindSummary,
  type DashboardSummary,
  type RecordKindName,
} from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, multiplyToCents } from '../../erp/money.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { postBodyOf } from '../../test/kind-fixtures.js';
import {
  makeRecords,
  nairobiDay,
  startPostingHarness,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { first, PATHS, sale } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { salesInvoices } from '../records/kinds/sales-invoice/index.js';

/**
 * `GET /api/v1/dashboard` over HTTP against known data: rows imported through the import service, some
 * posted to the SAP simulator through the real post routes, VAS rows queued (the queue runs without a
 * worker, so they stay queued). The figures must agree with the lists the screens show.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness({ queue: true, worker: false });
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

const today = nairobiDay();
const at = (daysAgo: number) => `${nairobiDay(-daysAgo)}T10:00:00`;

async function dashboard(client: TestClient): Promise<DashboardSummary> {
  const response = await client.get('/api/v1/dashboard');
  expect(response.status).toBe(200);
  return dashboardSummary.parse(response.body);
}
const kindIn = (summary: DashboardSummary, kind: RecordKindName): DashboardKindSummary =>
  summary.kinds.find((k) => k.kind === RECORD_KINDS_PLAIN[kind].apiName)!;
const bucket = (summary: DashboardKindSummary, name: (typeof AGING_BUCKETS)[number]) =>
  summary.aging.find((b) => b.bucket === name)!;
const postedToday = (summary: DashboardKindSummary) => summary.postedPerDay.at(-1)!;

describe('GET /api/v1/dashboard', { timeout: 60_000 }, () => {
  it('answers every kind in registry order, all zero on an empty database, with 30 zero-filled days', async () => {
    const summary = await dashboard(admin);
    expect(summary.today).toBe(today);
    expect(summary.generatedAt.slice(0, 10)).toBe(today);
    expect(summary.kinds.map((k) => k.kind)).toEqual(
      RECORD_KIND_NAMES.map((kind) => RECORD_KINDS_PLAIN[kind].apiName),
    );
    for (const kind of summary.kinds) {
      expect(kind.awaiting).toEqual({ count: 0, amount: '0.00', currencies: [] });
      expect(kind.aging).toEqual(
        AGING_BUCKETS.map((name) => ({ bucket: name, count: 0, amount: '0.00', currencies: [] })),
      );
      expect(kind.postedPerDay.map((d) => d.day)).toEqual(
        Array.from({ length: 30 }, (_, i) => nairobiDay(i - 29)),
      );
      for (const day of kind.postedPerDay) expect(day).toMatchObject({ count: 0, amount: '0.00' });
      expect([kind.failed, kind.queued]).toEqual([0, 0]);
    }
  });

  it('counts and sums what awaits posting, by age, exactly, and what was posted today', async () => {
    const ids = await makeRecords(h, 'sales', 4, (i) => ({
      amount: ['0.10', '0.20', '100.00', '7.05'][i]!,
      documentDate: at([1, 10, 40, 90][i]!),
    }));
    let sales = kindIn(await dashboard(admin), 'salesInvoice');
    expect(sales.awaiting).toEqual({ count: 4, amount: '107.35', currencies: [] });
    expect(sales.aging).toEqual([
      { bucket: '0-7', count: 1, amount: '0.10', currencies: [] },
      { bucket: '8-30', count: 1, amount: '0.20', currencies: [] },
      { bucket: '31-60', count: 1, amount: '100.00', currencies: [] },
      { bucket: '60+', count: 1, amount: '7.05', currencies: [] },
    ]);

    // Posting two through the real route moves them to today's posted figures.
    const posted = await admin.post(PATHS.sales, { postSap: [sale(ids[2]!), sale(ids[3]!)] });
    expect(posted.status).toBe(200);
    sales = kindIn(await dashboard(admin), 'salesInvoice');
    // 0.10 + 0.20 is 0.30 in decimal, not 0.30000000000000004.
    expect(sales.awaiting).toEqual({ count: 2, amount: '0.30', currencies: [] });
    expect(bucket(sales, '31-60')).toEqual({ bucket: '31-60', count: 0, amount: '0.00', currencies: [] });
    expect(postedToday(sales)).toEqual({ day: today, count: 2, amount: '107.05', currencies: [] });
    expect(sales.postedPerDay.slice(0, -1).every((d) => d.count === 0 && d.amount === '0.00')).toBe(true);
  });

  it('counts a failed row among the awaiting and as failed, as the list shows it', async () => {
    const [id] = await makeRecords(h, 'sales', 1, () => ({ amount: '5.00', documentDate: at(2) }));
    const before = kindIn(await dashboard(admin), 'salesInvoice');
    // A refusal by SAP ends a post as 'failed' with its reason (the posting suites cover that path); here
    // only the stored state matters, so the row is given the state a refused post leaves.
    await h.database.db
      .update(salesInvoices)
      .set({ status: 'failed', lastError: 'Refused by SAP' })
      .where(eq(salesInvoices.id, id!));
    const after = kindIn(await dashboard(admin), 'salesInvoice');
    expect(after.failed).toBe(before.failed + 1);
    expect(after.awaiting).toEqual(before.awaiting);
    const list = await admin.get(PATHS.sales);
    expect(after.awaiting.count).toBe(list.body.data.length);
  });

  it('counts each transporter step on its own: the second only once the first is posted', async () => {
    const ids = await makeRecords(h, 'transporter', 3, (i) => ({
      invoiceAmount: ['1000.00', '250.50', '0.25'][i]!,
      documentDate: at(3),
    }));
    let summary = await dashboard(admin);
    expect(kindIn(summary, 'firstJournal').awaiting).toEqual({ count: 3, amount: '1250.75', currencies: [] });
    expect(kindIn(summary, 'secondJournal').awaiting).toEqual({ count: 0, amount: '0.00', currencies: [] });

    expect((await admin.post(PATHS.first, { postSap: [first(ids[0]!), first(ids[2]!)] })).status).toBe(200);
    summary = await dashboard(admin);
    expect(kindIn(summary, 'firstJournal').awaiting).toEqual({ count: 1, amount: '250.50', currencies: [] });
    expect(postedToday(kindIn(summary, 'firstJournal'))).toMatchObject({ count: 2, amount: '1000.25' });
    expect(kindIn(summary, 'secondJournal').awaiting).toEqual({
      count: 2,
      amount: '1000.25',
      currencies: [],
    });
    expect(bucket(kindIn(summary, 'secondJournal'), '0-7')).toEqual({
      bucket: '0-7',
      count: 2,
      amount: '1000.25',
      currencies: [],
    });
    expect(postedToday(kindIn(summary, 'secondJournal'))).toMatchObject({ count: 0, amount: '0.00' });
  });

  it("gives each card the count of the kind's own list", async () => {
    await makeRecords(h, 'cash', 2, (i) => ({ documentDate: at(i * 35) }));
    await makeRecords(h, 'fuel', 1);
    const summary = await dashboard(admin);
    for (const kind of RECORD_KIND_NAMES) {
      const list = await admin.get(RECORD_KINDS_PLAIN[kind].apiPath);
      expect(kindIn(summary, kind).awaiting.count, kind).toBe(list.body.data.length);
    }
    expect(kindIn(summary, 'cashAdvance').awaiting).toEqual({ count: 2, amount: '30000.00', currencies: [] });
  });

  it('counts VAS rows queued and not yet sent, and no longer as awaiting', async () => {
    const ids = await makeRecords(h, 'vas', 3);
    const before = kindIn(await dashboard(admin), 'vasTransaction');
    expect(before.awaiting.count).toBe(3);
    const queued = await admin.post(PATHS.vas, await postBodyOf(h, 'vasTransaction', ids.slice(0, 2)));
    expect(queued.status).toBe(200);
    expect(queued.body.queued).toHaveLength(2);
    const after = kindIn(await dashboard(admin), 'vasTransaction');
    expect(after.queued).toBe(2);
    expect(after.awaiting.count).toBe(1);
    const summary = await dashboard(admin);
    for (const kind of RECORD_KIND_NAMES.filter((k) => !RECORD_KINDS_PLAIN[k].queued))
      expect(kindIn(summary, kind).queued, kind).toBe(0);
  });
});

describe('who sees which kinds', { timeout: 60_000 }, () => {
  it('shows only the kinds whose View permission the role holds, in registry order', async () => {
    const user = await createUser(h.server, {
      permissions: [
        PERMISSIONS.viewVasTransactions,
        PERMISSIONS.viewSalesInvoices,
        PERMISSIONS.postCashAdvances,
      ],
    });
    const summary = await dashboard(await signedIn(h.server, user));
    expect(summary.kinds.map((k) => k.kind)).toEqual(['journalSaleInvoice', 'journalVasTransaction']);
    // The figures are the same as the administrator's.
    const full = await dashboard(admin);
    expect(summary.kinds[0]).toEqual(kindIn(full, 'salesInvoice'));
  });

  it('shows both transporter steps to a role that may view transporter invoices', async () => {
    const user = await createUser(h.server, { permissions: [PERMISSIONS.viewTransporterInvoices] });
    const summary = await dashboard(await signedIn(h.server, user));
    expect(summary.kinds.map((k) => k.kind)).toEqual([
      'firstJournalTransporterInvoice',
      'secondJournalTransporterInvoice',
    ]);
  });

  it('answers an empty list, not a 403, to a user who may view no kind', async () => {
    const user = await createUser(h.server, { permissions: [PERMISSIONS.viewAuditLogs] });
    const summary = await dashboard(await signedIn(h.server, user));
    expect(summary.kinds).toEqual([]);
    expect(summary.today).toBe(today);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const response = await h.client().get('/api/v1/dashboard');
    expect(response.status).toBe(401);
  });

  it('totals fuel and VAS rows still to post at their original quantity and unit price', async () => {
    await makeRecords(h, 'fuel', 2);
    await makeRecords(h, 'vas', 2);
    const summary = await dashboard(admin);
    const cases = [
      ['fuelAdvance', 'unitPrice'],
      ['vasTransaction', 'sellingUnitPrice'],
    ] as const;
    for (const [kind, price] of cases) {
      const rows = (await admin.get(RECORD_KINDS_PLAIN[kind].apiPath)).body.data as Record<string, string>[];
      expect(rows.length, kind).toBeGreaterThan(0);
      // Each row's total before its collected quantity is typed: what the clerk would post with nothing changed.
      let cents = 0n;
      for (const row of rows) cents += multiplyToCents(row.originQuantity!, row[price]!);
      expect(kindIn(summary, kind).awaiting.amount, kind).toBe(formatCents(cents));
      expect(kindIn(summary, kind).awaiting.amount, kind).not.toBe('0.00');
    }
  });
});
