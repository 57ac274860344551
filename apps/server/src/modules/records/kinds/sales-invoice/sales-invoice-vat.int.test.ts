import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconciliationWorker } from '../../../../jobs/reconciliation.job.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { reconciliationSteps } from '../../../../test/reconciliation-steps.js';
import { rowFailureOf } from '../../../../test/record-names.js';
import { PATHS, sale, startRecordsHarness } from '../../../../test/records-suite.js';
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
