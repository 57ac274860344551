import { POSTING_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { PATHS, sale, startRecordsHarness } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';
import { rowFailureOf } from '../../../../test/record-names.js';

/**
 * Posting sales invoices: the A/R invoice SAP receives, and what is refused. Every posted document is checked
 * in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('sales invoices', () => {
  it('post an A/R service invoice to the customer: freight revenue line, key in Reference2, dates, customer reference', async () => {
    const [id] = await importRecords(h, 'sales', [
      recordRows.sales({
        customerCode: 'C10003',
        amount: '98765.43',
        clientRef: 'PO-EABL-9',
        documentDate: `${nairobiDay(-4)}T07:00:00`,
      }),
    ]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(id!, nairobiDay(-1))] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: POSTING_MESSAGES.sales.success,
      posted: [{ id, sapDocEntry: expect.any(Number), sapDocNum: expect.any(Number) }],
      failed: [],
    });
    const [doc] = await expectPostedOnce(h.sim, [keyOf('SI', id!)]);
    expect(doc).toMatchObject({
      CardCode: 'C10003',
      DocType: 'dDocument_Service',
      DocDate: nairobiDay(-1),
      TaxDate: nairobiDay(-4),
      NumAtCard: 'PO-EABL-9',
      Reference2: keyOf('SI', id),
      DocTotal: 98765.43,
    });
    expect(doc!.DocumentLines).toMatchObject([{ AccountCode: '400100', LineTotal: 98765.43 }]);
    expect(await storedRow(h, 'sales', id!)).toMatchObject({
      status: 'posted',
      postingDate: nairobiDay(-1),
      sapDocEntry: response.body.posted[0].sapDocEntry,
      sapDocNum: response.body.posted[0].sapDocNum,
      lastError: null,
    });
  });

  it('refuse a zero or missing amount with a clear message and send nothing to SAP', async () => {
    const [zero, missing] = await importRecords(h, 'sales', [
      recordRows.sales({ amount: '0' }),
      recordRows.sales({ amount: null }),
    ]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(zero!), sale(missing!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(h, 'salesInvoice', zero!, `its amount is zero; SAP does not accept a zero amount.`),
      await rowFailureOf(
        h,
        'salesInvoice',
        missing!,
        `it has no amount; it cannot be posted until the source system sends one.`,
      ),
    ]);
    // A whole-request failure reads plainly (no double negative) and names every row with its reason.
    expect(response.body.message).toBe(
      `None of the 2 sales invoices could be posted. ${response.body.failed.map((f: { message: string }) => f.message).join(' ')}`,
    );
    await expectNotInSap(h.sim, [keyOf('SI', zero!), keyOf('SI', missing!)]);
  });
});
