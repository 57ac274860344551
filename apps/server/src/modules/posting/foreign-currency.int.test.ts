import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardSummary,
  type CurrencyFigure,
  type DashboardKindSummary,
  type ReconciliationDifference,
} from '@ff/contract';
import { multiplyToCents, formatCents, toCents } from '../../erp/money.js';
import { startReconciliationWorker } from '../../jobs/reconciliation.job.js';
import { reconciliationSteps } from '../../test/reconciliation-steps.js';
import { reverse } from '../reversal/testing/reversal-harness.js';
import {
  attemptsOf,
  documentsByKey,
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { rowFailureOf } from '../../test/record-names.js';
import { listed, PATHS, sale, startRecordsHarness, today } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Records in a foreign currency (issue 25, docs/decisions/024-currencies.md): a USD record posts at SAP's rate for
 * the posting day, right to the cent; a day SAP has no rate for is refused before SAP; a record in the local
 * currency (KES) posts exactly as one without a currency.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  await startReconciliationWorker(h.queue!, h.app.services.afterPosting.reconciliation);
}, 120_000);
afterAll(() => h?.close());

/** Sets SAP's rate of `currency` on `day` (null: SAP has none). */
const setRate = (currency: string, day: string, rate: number | null) =>
  h.sim.control('/__sim/rates', { Currency: currency, Date: day, Rate: rate });
/** amount x rate in the local currency, to the cent (half away from zero), as a number SAP answers. */
const local = (amount: string, rate: string) => Number(formatCents(multiplyToCents(amount, rate)));

const { reconcile } = reconciliationSteps(() => ({ h, admin }));
/** The posting id (first attempt) of a record's first posting. */
const postingOf = async (code: string, id: number) => (await attemptsOf(h, code, id))[0]!.id;

describe('records in a foreign currency', () => {
  it('a USD cash advance posts its USD amounts and the KES amounts at the day rate, and lists its currency', async () => {
    await setRate('USD', today, 129.3456);
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ transporterCode: 'T20006', amount: '1234.56', currency: 'usd' }),
    ]);
    const listedRow = (await listed(admin, PATHS.cash, [id!]))[0];
    expect(listedRow).toMatchObject({ id, amount: '1234.56', currency: 'USD' });

    const response = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110102'), postingDate: today }],
    });
    expect(response.status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('CA', id!)]);
    const kes = local('1234.56', '129.3456'); // 159,684.903936 -> 159,684.90
    expect(kes).toBe(159684.9);
    expect(doc!.JournalEntryLines).toMatchObject([
      { ShortName: 'T20006', FCCurrency: 'USD', FCDebit: 1234.56, Debit: kes },
      { AccountCode: '110102', FCCurrency: 'USD', FCCredit: 1234.56, Credit: kes },
    ]);
    expect(await storedRow(h, 'cash', id!)).toMatchObject({ status: 'posted', currency: 'USD' });
  });

  it('a USD sales invoice carries DocCurrency and its USD line total; SAP computes the KES total', async () => {
    await setRate('USD', today, 128.75);
    const [id] = await importRecords(h, 'sales', [recordRows.sales({ amount: '2500.01', currency: 'USD' })]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(id!)] });
    expect(response.status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('SI', id!)]);
    expect(doc).toMatchObject({
      DocCurrency: 'USD',
      DocRate: 128.75,
      DocTotalFc: 2500.01,
      DocTotal: local('2500.01', '128.75'), // 321,876.29
    });
    expect(doc!.DocumentLines[0]).toMatchObject({ RowTotalFC: 2500.01, LineTotal: 321876.29 });
  });

  it('a KES fuel advance (the local currency) posts as a record without a currency: no foreign-currency fields', async () => {
    const [id] = await importRecords(h, 'fuel', [recordRows.fuel({ currency: 'KES' })]);
    const row = await storedRow(h, 'fuel', id!);
    const response = await admin.post(PATHS.fuel, {
      postSap: [
        {
          fuelAdvanceId: id,
          sapAccount: await ledgerId(h, '110101'),
          postingDate: today,
          collectedQuantity: String(row.originQuantity),
          orderNumber: `PO-${id}`,
        },
      ],
    });
    expect(response.status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('FA', id!)]);
    for (const line of doc!.JournalEntryLines as Record<string, unknown>[]) {
      expect(line.FCCurrency ?? '').toBe('');
      expect(line.FCDebit ?? 0).toBe(0);
      expect(line.FCCredit ?? 0).toBe(0);
    }
  });

  it('a posting day with no rate in SAP is refused before SAP, and posts once the rate is entered', async () => {
    const day = nairobiDay(-1);
    await setRate('USD', day, null);
    const [id] = await importRecords(h, 'cash', [recordRows.cash({ amount: '10.00', currency: 'USD' })]);
    const body = {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110101'), postingDate: day }],
    };
    const refused = await admin.post(PATHS.cash, body);
    expect(refused.status).toBe(422);
    expect(refused.body.failed).toEqual([
      await rowFailureOf(
        h,
        'cashAdvance',
        id!,
        `No USD rate for ${day} in SAP: enter it in SAP's exchange rates first.`,
      ),
    ]);
    await expectNotInSap(h.sim, [keyOf('CA', id!)]);
    expect(await storedRow(h, 'cash', id!)).toMatchObject({ status: 'unposted' });

    await setRate('USD', day, 130);
    const posted = await admin.post(PATHS.cash, body);
    expect(posted.status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('CA', id!)]);
    expect(doc!.JournalEntryLines[0]).toMatchObject({ FCDebit: 10, Debit: 1300 });
  });

  it('an import refuses a currency that is not ISO 4217', async () => {
    const report = await h.app.services.imports.importJson(
      'cash-advances',
      [recordRows.cash({ currency: 'XYZ' })],
      { context: { actor: { id: null, name: 'Posting tests' }, ip: '127.0.0.1' }, via: 'in a test' },
    );
    expect(JSON.stringify(report.rejected)).toContain(
      'must be an ISO 4217 currency code (e.g. USD or KES), not \\"XYZ\\"',
    );
  });

  it('a USD cash advance and a USD sales invoice reconcile to zero differences, reverse, and still reconcile', async () => {
    const day = nairobiDay(-2);
    await setRate('USD', day, 131.2);
    const [cash] = await importRecords(h, 'cash', [recordRows.cash({ amount: '777.77', currency: 'USD' })]);
    const [sales] = await importRecords(h, 'sales', [
      recordRows.sales({ amount: '4321.09', currency: 'USD' }),
    ]);
    const cashBody = {
      postSap: [{ cashAdvanceId: cash, sapAccount: await ledgerId(h, '110101'), postingDate: day }],
    };
    expect((await admin.post(PATHS.cash, cashBody)).status).toBe(200);
    expect((await admin.post(PATHS.sales, { postSap: [sale(sales!, day)] })).status).toBe(200);

    const run = await reconcile(day);
    expect(run.status).toBe('done');
    expect(run.differences).toEqual([]);
    expect(run.summary).toMatchObject({ matched: 2, amountDiffers: 0 });

    expect((await reverse(admin, await postingOf('CA', cash!))).status).toBe(200);
    expect((await reverse(admin, await postingOf('SI', sales!), 'Billed in the wrong currency')).status).toBe(
      200,
    );
    const byKey = await documentsByKey(h.sim);
    const [journal, reversal] = byKey.get(keyOf('CA', cash!))!;
    // SAP's reversal entry swaps the sides in both currencies.
    expect(reversal!.JournalEntryLines[0]).toMatchObject({
      FCCurrency: 'USD',
      FCCredit: journal!.JournalEntryLines[0].FCDebit,
      Credit: journal!.JournalEntryLines[0].Debit,
    });
    expect(
      byKey
        .get(keyOf('SI', sales!))!
        .map((d) => d.CancelStatus)
        .sort(),
    ).toEqual(['csCancellation', 'csYes']);
    expect(await storedRow(h, 'cash', cash!)).toMatchObject({ status: 'unposted', currency: 'USD' });

    const after = await reconcile(day);
    expect(after.differences).toEqual([]);
  });

  it("a USD journal SAP holds at another USD amount shows both amounts in USD in the reconciliation's difference", async () => {
    const day = nairobiDay(-3);
    await setRate('USD', day, 129.3456);
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ transporterCode: 'T20006', amount: '1234.56', currency: 'USD' }),
    ]);
    const response = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110102'), postingDate: day }],
    });
    expect(response.status).toBe(200);
    await h.sim.control('/__sim/documents/alter', { reference: keyOf('CA', id!), amount: '1200.00' });

    const run = await reconcile(day);
    const difference = (run.differences as ReconciliationDifference[]).find((d) => d.recordId === id);
    expect(difference).toMatchObject({
      type: 'amount_differs',
      currency: 'USD',
      ours: { amount: '1234.56', postingDate: day },
      sap: { amount: '1200.00', postingDate: day },
    });
    expect(difference!.message).toMatch(
      /the amount here is USD 1234\.56 but SAP's DocEntry \d+ has USD 1200\.00\./,
    );
    // The other differences of the day (none here) are in the local currency: no currency.
    expect(
      (run.differences as ReconciliationDifference[]).filter((d) => d.recordId !== id && d.currency),
    ).toEqual([]);
  });

  it('the dashboard totals each currency apart: its amounts are the local currency, never KES plus USD', async () => {
    const salesNow = async (): Promise<DashboardKindSummary> => {
      const response = await admin.get('/api/v1/dashboard');
      expect(response.status).toBe(200);
      return dashboardSummary.parse(response.body).kinds.find((k) => k.kind === 'journalSaleInvoice')!;
    };
    const byCurrency = (figures: CurrencyFigure[]) =>
      new Map(figures.map((f) => [f.currency, { count: f.count, cents: toCents(f.amount) }]));
    /** What `after` has more than `before`, per currency, as counts and cents. */
    const added = (before: CurrencyFigure[], after: CurrencyFigure[]) => {
      const old = byCurrency(before);
      return Object.fromEntries(
        [...byCurrency(after)].flatMap(([code, now]) => {
          const was = old.get(code) ?? { count: 0, cents: 0n };
          const more = { count: now.count - was.count, cents: now.cents - was.cents };
          return more.count || more.cents ? [[code, more]] : [];
        }),
      );
    };
    const day = nairobiDay(-1);
    await setRate('USD', day, 129.3456);
    // A post of a USD record reads SAP's local currency (KES), so the dashboard counts KES-named records as local.
    const [posted] = await importRecords(h, 'sales', [
      recordRows.sales({ amount: '50.00', currency: 'USD' }),
    ]);
    const before = await salesNow();
    expect((await admin.post(PATHS.sales, { postSap: [sale(posted!, day)] })).status).toBe(200);
    await importRecords(h, 'sales', [
      recordRows.sales({ amount: '100.00', currency: 'USD' }),
      recordRows.sales({ amount: '0.05', currency: 'usd' }),
      recordRows.sales({ amount: '10.00', currency: 'EUR' }),
      recordRows.sales({ amount: '7.00' }),
      recordRows.sales({ amount: '3.00', currency: 'KES' }),
    ]);
    const after = await salesNow();

    // Awaiting: one posted, five imported; the local amount grows by KES 10.00 only, USD and EUR apart.
    expect(after.awaiting.count - before.awaiting.count).toBe(4);
    expect(toCents(after.awaiting.amount) - toCents(before.awaiting.amount)).toBe(1000n);
    expect(added(before.awaiting.currencies, after.awaiting.currencies)).toEqual({
      USD: { count: 1, cents: 10005n - 5000n },
      EUR: { count: 1, cents: 1000n },
    });
    // The aging buckets add up to the awaiting figures, currency by currency.
    const aged = after.aging.flatMap((b) => b.currencies);
    expect(after.aging.reduce((sum, b) => sum + toCents(b.amount), 0n)).toBe(toCents(after.awaiting.amount));
    expect(aged.filter((f) => f.currency === 'USD').reduce((sum, f) => sum + toCents(f.amount), 0n)).toBe(
      toCents(after.awaiting.currencies.find((f) => f.currency === 'USD')!.amount),
    );
    // Posted on the posting's day... the dashboard counts a posting on the day it was made (today): USD 50.00.
    const [then, now] = [before.postedPerDay.at(-1)!, after.postedPerDay.at(-1)!];
    expect(now.count - then.count).toBe(1);
    expect(now.amount).toBe(then.amount);
    expect(added(then.currencies, now.currencies)).toEqual({ USD: { count: 1, cents: 5000n } });
  });
});
