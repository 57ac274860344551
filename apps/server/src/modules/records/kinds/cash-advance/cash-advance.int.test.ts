import { eq } from 'drizzle-orm';
import { POSTING_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../../../db/schema.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { PATHS, startRecordsHarness, today } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';
import { rowFailureOf } from '../../../../test/record-names.js';

/**
 * Posting cash advances: the petty-cash ledger and the journal SAP receives. Every posted document is checked
 * in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('cash advances', () => {
  it('need a petty cash ledger that exists and is active', async () => {
    const [id] = await makeRecords(h, 'cash', 1);
    const missing = await admin.post(PATHS.cash, { postSap: [{ cashAdvanceId: id, postingDate: today }] });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['postSap.0.sapAccount']);

    const revenue = await ledgerId(h, '410100');
    const notPettyCash = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: revenue, postingDate: today }],
    });
    expect(notPettyCash.status).toBe(422);
    expect(notPettyCash.body.failed).toEqual([
      await rowFailureOf(h, 'cashAdvance', id!, `the account 410100 is not a petty cash ledger.`),
    ]);

    const unknown = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: 999_999, postingDate: today }],
    });
    expect(unknown.body.failed).toEqual([
      await rowFailureOf(h, 'cashAdvance', id!, `the chosen posting ledger does not exist.`),
    ]);

    const busia = await ledgerId(h, '110104');
    await h.database.db.update(ledgerAccounts).set({ isActive: false }).where(eq(ledgerAccounts.id, busia));
    try {
      const disabled = await admin.post(PATHS.cash, {
        postSap: [{ cashAdvanceId: id, sapAccount: busia, postingDate: today }],
      });
      expect(disabled.body.failed).toEqual([
        await rowFailureOf(h, 'cashAdvance', id!, `the posting ledger 110104 is disabled.`),
      ]);
    } finally {
      await h.database.db.update(ledgerAccounts).set({ isActive: true }).where(eq(ledgerAccounts.id, busia));
    }
    await expectNotInSap(h.sim, [keyOf('CA', id!)]);
    expect(await storedRow(h, 'cash', id!)).toMatchObject({ status: 'unposted', onAccountId: null });
  });

  it('debit the transporter and credit the chosen petty cash ledger', async () => {
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ transporterCode: 'T20006', amount: '12345.67' }),
    ]);
    const mombasa = await ledgerId(h, '110102');
    const response = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: mombasa, postingDate: today }],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(POSTING_MESSAGES.cash.success);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('CA', id!)]);
    expect(doc).toMatchObject({ ReferenceDate: today, TaxDate: nairobiDay(-5) });
    expect(journalLines(doc!)).toEqual([
      ['T20006', 12345.67, 0],
      ['110102', 0, 12345.67],
    ]);
    expect(await storedRow(h, 'cash', id!)).toMatchObject({ status: 'posted', onAccountId: mombasa });
  });

  it('refuse a zero amount', async () => {
    const [id] = await importRecords(h, 'cash', [recordRows.cash({ amount: '0' })]);
    const response = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110101'), postingDate: today }],
    });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(h, 'cashAdvance', id!, `its amount is zero; SAP does not accept a zero amount.`),
    ]);
  });
});
