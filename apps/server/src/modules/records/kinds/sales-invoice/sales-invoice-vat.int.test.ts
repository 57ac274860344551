import { postingDetailBody, postingPage } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconciliationWorker } from '../../../../jobs/reconciliation.job.js';
import {
  expectNotInSap,
  attemptsOf,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  resetFaults,
  simConfig,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { reconciliationSteps } from '../../../../test/reconciliation-steps.js';
import { rowFailureOf } from '../../../../test/record-names.js';
import { PATHS, sale, startRecordsHarness, today } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';

/**
 * VAT on sales invoices (issue 25): the line's VAT group is the record's, else its customer's in SAP, else none
 * (the spec's invoice); a group SAP would refuse is refused before SAP, naming the trip. SAP (the simulator)
 * computes VatSum and DocTotal for exclusive prices; reconciliation compares the net.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  await startReconciliationWorker(h.queue!, h.app.services.afterPosting.reconciliation);
}, 120_000);
afterAll(() => h?.close());

const { reconcile } = reconciliationSteps(() => ({ h, admin }));
const setRate = (currency: string, day: string, rate: number) =>
  h.sim.control('/__sim/rates', { Currency: currency, Date: day, Rate: rate });
const customerVat = (cardCode: string, vatGroup: string | null) =>
  h.sim.control('/__sim/business-partners', { CardCode: cardCode, VatGroup: vatGroup });

describe('VAT on sales invoices', () => {
  it("a USD invoice with VAT group O1 gets SAP's 16% VAT in both currencies and reconciles on its net", async () => {
    const day = nairobiDay(-2);
    await setRate('USD', day, 129.3456);
    const [id] = await importRecords(h, 'sales', [
      recordRows.sales({ amount: '1234.56', currency: 'USD', vatGroup: 'O1' }),
    ]);
    expect((await admin.post(PATHS.sales, { postSap: [sale(id!, day)] })).status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('SI', id!)]);
    // USD 1,234.56 at 129.3456: KES net 159,684.90; VAT 16% per currency: KES 25,549.58, USD 197.53.
    expect(doc!.DocumentLines[0]).toMatchObject({ VatGroup: 'O1', RowTotalFC: 1234.56, LineTotal: 159684.9 });
    expect(doc).toMatchObject({
      VatSum: 25549.58,
      DocTotal: 185234.48,
      VatSumFc: 197.53,
      DocTotalFc: 1432.09,
    });

    const run = await reconcile(day);
    expect(run.differences).toEqual([]);
    expect(run.summary).toMatchObject({ matched: 1 });
  });

  it("takes the customer's own VAT group in SAP when the record has none; none at all posts as the spec's invoice", async () => {
    const [own, none] = await importRecords(h, 'sales', [
      recordRows.sales({ customerCode: 'C10002', amount: '1000.00' }),
      recordRows.sales({ customerCode: 'C10003', amount: '1000.00' }),
    ]);
    await customerVat('C10002', 'O0');
    try {
      const response = await admin.post(PATHS.sales, { postSap: [sale(own!), sale(none!)] });
      expect(response.status).toBe(200);
    } finally {
      await customerVat('C10002', null);
    }
    const [zeroRated, plain] = await expectPostedOnce(h.sim, [keyOf('SI', own!), keyOf('SI', none!)]);
    expect(zeroRated!.DocumentLines[0]).toMatchObject({ VatGroup: 'O0', LineTotal: 1000 });
    expect(zeroRated).toMatchObject({ VatSum: 0, DocTotal: 1000 });
    expect(plain!.DocumentLines[0].VatGroup ?? null).toBeNull();
    expect(plain).toMatchObject({ DocTotal: 1000 });
  });

  it('refuses, before SAP, a VAT group SAP does not have, an inactive one and a purchase (input) one', async () => {
    const ids = await importRecords(h, 'sales', [
      recordRows.sales({ vatGroup: 'XX' }),
      recordRows.sales({ vatGroup: 'O2' }),
      recordRows.sales({ vatGroup: 'I1' }),
    ]);
    const response = await admin.post(PATHS.sales, { postSap: ids.map((id) => sale(id)) });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(h, 'salesInvoice', ids[0]!, 'the VAT group XX does not exist in SAP.'),
      await rowFailureOf(h, 'salesInvoice', ids[1]!, 'the VAT group O2 is inactive in SAP.'),
      await rowFailureOf(
        h,
        'salesInvoice',
        ids[2]!,
        'the VAT group I1 is not a sales (output) VAT group in SAP.',
      ),
    ]);
    await expectNotInSap(
      h.sim,
      ids.map((id) => keyOf('SI', id)),
    );
    expect(await storedRow(h, 'sales', ids[0]!)).toMatchObject({ status: 'unposted', vatGroup: 'XX' });
  });
});

describe("SAP's net, VAT and gross in the posting history", () => {
  const tag = `VATH${Date.now().toString(36).toUpperCase()}`;
  const trip = (name: string) => `TRP-${tag}-${name}`;
  /** The history's rows of this test's trips, by trip number (each answer checked against the contract). */
  const historyRows = async () => {
    const response = await admin.get(
      `/api/v1/postings?${new URLSearchParams({ search: tag, perPage: '100' })}`,
    );
    expect(response.status).toBe(200);
    postingPage.parse(response.body);
    const rows = response.body.data as Record<string, unknown>[];
    return new Map(rows.map((r) => [r.tripNumber as string, r]));
  };

  it('keeps the VAT and gross SAP computed, in the USD or KES of the invoice; a journal and an invoice without VAT have none', async () => {
    const day = nairobiDay(-2);
    await setRate('USD', day, 129.3456);
    const [usd, kes, plain] = await importRecords(h, 'sales', [
      recordRows.sales({ tripNumber: trip('USD'), amount: '1234.56', currency: 'USD', vatGroup: 'O1' }),
      recordRows.sales({ tripNumber: trip('KES'), amount: '50000.00', currency: 'KES', vatGroup: 'O1' }),
      recordRows.sales({ tripNumber: trip('PLAIN'), customerCode: 'C10003', amount: '700.00' }),
    ]);
    const [cash] = await importRecords(h, 'cash', [
      recordRows.cash({ tripNumber: trip('CASH'), amount: '1500.50' }),
    ]);
    const posted = await admin.post(PATHS.sales, { postSap: [sale(usd!, day), sale(kes!), sale(plain!)] });
    expect(posted.status).toBe(200);
    const pettyCash = await ledgerId(h, '110101');
    const journal = { cashAdvanceId: cash, sapAccount: pettyCash, postingDate: today };
    expect((await admin.post(PATHS.cash, { postSap: [journal] })).status).toBe(200);
    const [usdDoc, kesDoc] = await expectPostedOnce(h.sim, [keyOf('SI', usd!), keyOf('SI', kes!)]);
    expect(usdDoc).toMatchObject({ VatSumFc: 197.53, DocTotalFc: 1432.09 });
    expect(kesDoc).toMatchObject({ VatSum: 8000, DocTotal: 58000 });

    const rows = await historyRows();
    // Net = gross - VAT: USD 1,234.56 and KES 50,000.00, what was sent.
    expect(rows.get(trip('USD'))).toMatchObject({
      amount: '1234.56',
      currency: 'USD',
      vat: '197.53',
      gross: '1432.09',
    });
    expect(rows.get(trip('KES'))).toMatchObject({
      amount: '50000.00',
      currency: 'KES',
      vat: '8000.00',
      gross: '58000.00',
    });
    for (const name of ['PLAIN', 'CASH']) {
      expect(rows.get(trip(name))).toMatchObject({ status: 'posted', amount: expect.any(String) });
      expect(rows.get(trip(name))).not.toHaveProperty('vat');
      expect(rows.get(trip(name))).not.toHaveProperty('gross');
    }
    const detail = await admin.get(`/api/v1/postings/${rows.get(trip('USD'))!.id as number}`);
    expect(detail.status).toBe(200);
    expect(postingDetailBody.parse(detail.body).data).toMatchObject({ vat: '197.53', gross: '1432.09' });
    const [attempt] = await attemptsOf(h, 'SI', usd!);
    expect(attempt).toMatchObject({ outcome: 'posted', vatAmount: '197.53', grossAmount: '1432.09' });
    expect((await attemptsOf(h, 'CA', cash!))[0]).toMatchObject({ vatAmount: null, grossAmount: null });

    // The reversal answers the posting as the history now lists it: still with its VAT and gross.
    const reversed = await admin.post(`/api/v1/postings/${rows.get(trip('KES'))!.id as number}/reverse`, {
      reason: 'Billed the wrong customer',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.data).toMatchObject({ status: 'reversed', vat: '8000.00', gross: '58000.00' });
    expect((await historyRows()).get(trip('KES'))).toMatchObject({ status: 'reversed', vat: '8000.00' });
  });

  it("keeps them from the document SAP already holds when the reply was lost (the look-up's found)", async () => {
    const day = nairobiDay(-2);
    await setRate('USD', day, 129.3456);
    const [usd, kes] = await importRecords(h, 'sales', [
      recordRows.sales({ tripNumber: trip('LOST-USD'), amount: '1234.56', currency: 'USD', vatGroup: 'O1' }),
      recordRows.sales({ tripNumber: trip('LOST-KES'), amount: '1000.00', vatGroup: 'O1' }),
    ]);
    await simConfig(h.sim, { dropReplyRate: 1 });
    try {
      expect((await admin.post(PATHS.sales, { postSap: [sale(usd!, day), sale(kes!)] })).status).toBe(200);
    } finally {
      await resetFaults(h.sim);
    }
    await expectPostedOnce(h.sim, [keyOf('SI', usd!), keyOf('SI', kes!)]);
    expect((await attemptsOf(h, 'SI', usd!)).map((a) => a.outcome)).toEqual(['found']);
    const rows = await historyRows();
    expect(rows.get(trip('LOST-USD'))).toMatchObject({ currency: 'USD', vat: '197.53', gross: '1432.09' });
    expect(rows.get(trip('LOST-KES'))).toMatchObject({ currency: null, vat: '160.00', gross: '1160.00' });
  });
});
