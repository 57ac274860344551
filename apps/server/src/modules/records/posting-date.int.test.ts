import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  recordRows,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS, sale, startRecordsHarness, today } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { rowFailureOf } from '../../test/record-names.js';

/**
 * The posting date of a post request: required, a real calendar day, not in the future nor before the
 * document date. Every posted document is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('posting date', () => {
  it('is required', async () => {
    const [id] = await makeRecords(h, 'sales', 1);
    const missing = await admin.post(PATHS.sales, { postSap: [{ saleInvoice: id }] });
    expect(missing.status).toBe(422);
    // The message of a missing field comes from plugins/errors.ts (reported: it names the path, not the field).
    expect(Object.keys(missing.body.errors)).toEqual(['postSap.0.postingDate']);
    const blank = await admin.post(PATHS.sales, { postSap: [{ saleInvoice: id, postingDate: '  ' }] });
    expect(blank.status).toBe(422);
    expect(blank.body.errors['postSap.0.postingDate']).toEqual(['The posting date is required.']);
    expect(await storedRow(h, 'sales', id!)).toMatchObject({ status: 'unposted', postingDate: null });
  });

  it('cannot be in the future nor before the document date; the row is not touched and nothing reaches SAP', async () => {
    const [future, early, sameDay] = await importRecords(h, 'sales', [
      recordRows.sales(),
      recordRows.sales({ documentDate: `${nairobiDay(-2)}T15:00:00` }),
      recordRows.sales({ documentDate: `${nairobiDay(-2)}T23:30:00` }),
    ]);
    const response = await admin.post(PATHS.sales, {
      postSap: [sale(future!, nairobiDay(1)), sale(early!, nairobiDay(-3)), sale(sameDay!, nairobiDay(-2))],
    });
    expect(response.status).toBe(422);
    const inFuture = await rowFailureOf(
      h,
      'salesInvoice',
      future!,
      'The posting date cannot be in the future.',
    );
    expect(response.body.failed).toEqual([
      inFuture,
      await rowFailureOf(
        h,
        'salesInvoice',
        early!,
        `The posting date cannot be before the document date (${nairobiDay(-2)}).`,
      ),
    ]);
    expect(response.body.message).toContain(inFuture.message);
    // The document day itself is allowed (compared by day in Nairobi, not by instant).
    expect(response.body.posted.map((p: { id: number }) => p.id)).toEqual([sameDay]);
    expect(await storedRows(h, 'sales', [future!, early!])).toMatchObject([
      { status: 'unposted', postingDate: null, lastError: null },
      { status: 'unposted', postingDate: null, lastError: null },
    ]);
    await expectNotInSap(h.sim, [keyOf('SI', future!), keyOf('SI', early!)]);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('SI', sameDay!)]);
    expect(doc).toMatchObject({ DocDate: nairobiDay(-2), TaxDate: nairobiDay(-2) });
  });

  it('must be a real calendar date with or without a time or an offset: 422 naming the field, nothing posted', async () => {
    const [id] = await makeRecords(h, 'sales', 1);
    const year = today.slice(0, 4);
    // Finding 5: '…-09-31T10:00Z' was posted with DocDate …-10-01.
    for (const postingDate of [
      `${year}-09-31T10:00Z`,
      `${year}-09-31 10:00:00`,
      `${year}-09-31T10:00:00+03:00`,
      `${year}-06-31`,
    ]) {
      const response = await admin.post(PATHS.sales, { postSap: [sale(id!, postingDate)] });
      expect(response.status, postingDate).toBe(422);
      expect(response.body.errors, postingDate).toEqual({
        'postSap.0.postingDate': [
          `The posting date ${postingDate.slice(0, 10)} is not a real calendar date.`,
        ],
      });
    }
    expect(await storedRow(h, 'sales', id!)).toMatchObject({ status: 'unposted', postingDate: null });
    await expectNotInSap(h.sim, [keyOf('SI', id!)]);
  });

  it('accepts a date-time with an offset and posts on its day in Nairobi', async () => {
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ documentDate: `${nairobiDay(-3)}T08:00:00` }),
    ]);
    const pettyCash = await ledgerId(h, '110101');
    // 21:30 UTC two days ago is already the next day in Nairobi.
    const instant = `${nairobiDay(-3)}T21:30:00Z`;
    const response = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: pettyCash, postingDate: instant }],
    });
    expect(response.status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('CA', id!)]);
    expect(doc).toMatchObject({ ReferenceDate: nairobiDay(-2), TaxDate: nairobiDay(-3) });
  });
});
