import { POSTING_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  makeRecords,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { first, PATHS, second, startRecordsHarness, today } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';
import { rowFailureOf } from '../../../../test/record-names.js';

/**
 * Posting transporter invoices: the first journal, and the second once the first is posted. Every posted
 * document is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('transporter invoices', () => {
  it('first journal needs the supplier invoice number', async () => {
    const [id] = await makeRecords(h, 'transporter', 1);
    for (const entry of [
      { transporterInvoice: id, postingDate: today },
      { transporterInvoice: id, postingDate: today, supplierInvoiceNumber: '   ' },
    ]) {
      const response = await admin.post(PATHS.first, { postSap: [entry] });
      expect(response.status).toBe(422);
      expect(response.body.errors['postSap.0.supplierInvoiceNumber']).toEqual([
        expect.stringMatching(/supplier invoice number (field )?is required/),
      ]);
    }
    expect(await storedRow(h, 'transporter', id!)).toMatchObject({
      fjStatus: 'unposted',
      supplierInvoiceNumber: null,
    });
  });

  it('first journal debits transport cost and credits accrued costs; the second moves the accrual to the transporter', async () => {
    const [id] = await importRecords(h, 'transporter', [
      recordRows.transporter({
        transporterCode: 'T20005',
        invoiceAmount: '45210.55',
        documentDate: `${nairobiDay(-6)}T09:00:00`,
      }),
    ]);
    const fj = await admin.post(PATHS.first, { postSap: [first(id!, 'AWN/INV/0042', nairobiDay(-3))] });
    expect(fj.status).toBe(200);
    expect(fj.body.message).toBe(POSTING_MESSAGES.firstJournal.success);
    // The second journal refuses nothing now, but would have before the first.
    const sj = await admin.post(PATHS.second, { postSap: [second(id!, nairobiDay(-1))] });
    expect(sj.status).toBe(200);
    expect(sj.body.message).toBe(POSTING_MESSAGES.secondJournal.success);

    const [firstDoc, secondDoc] = await expectPostedOnce(h.sim, [keyOf('FJ', id!), keyOf('SJ', id!)]);
    expect(firstDoc).toMatchObject({
      ReferenceDate: nairobiDay(-3),
      TaxDate: nairobiDay(-6),
      Reference2: 'AWN/INV/0042',
      Reference3: keyOf('FJ', id),
    });
    expect(journalLines(firstDoc!)).toEqual([
      ['500100', 45210.55, 0],
      ['210200', 0, 45210.55],
    ]);
    expect(secondDoc).toMatchObject({
      ReferenceDate: nairobiDay(-1),
      TaxDate: nairobiDay(-6),
      Reference2: 'AWN/INV/0042',
      Reference3: keyOf('SJ', id),
    });
    expect(journalLines(secondDoc!)).toEqual([
      ['210200', 45210.55, 0],
      ['T20005', 0, 45210.55],
    ]);
    expect(await storedRow(h, 'transporter', id!)).toMatchObject({
      fjStatus: 'posted',
      fjPostingDate: nairobiDay(-3),
      supplierInvoiceNumber: 'AWN/INV/0042',
      sjStatus: 'posted',
      sjPostingDate: nairobiDay(-1),
    });
  });

  it('second journal is refused while the first journal is not posted', async () => {
    const [id] = await makeRecords(h, 'transporter', 1);
    const response = await admin.post(PATHS.second, { postSap: [second(id!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(h, 'secondJournal', id!, `its first journal has not been posted yet.`),
    ]);
    await expectNotInSap(h.sim, [keyOf('SJ', id!)]);
    expect(await storedRow(h, 'transporter', id!)).toMatchObject({
      fjStatus: 'unposted',
      sjStatus: 'unposted',
    });
  });

  it('refuse a zero invoice amount', async () => {
    const [id] = await importRecords(h, 'transporter', [recordRows.transporter({ invoiceAmount: '0.00' })]);
    const response = await admin.post(PATHS.first, { postSap: [first(id!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(
        h,
        'firstJournal',
        id!,
        `its invoice amount is zero; SAP does not accept a zero amount.`,
      ),
    ]);
  });
});
