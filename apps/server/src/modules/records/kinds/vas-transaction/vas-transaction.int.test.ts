import { PERMISSIONS, POSTING_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn, waitFor } from '../../../../test/fixtures.js';
import {
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  recordRows,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { listed, PATHS, startRecordsHarness, today, vas } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';
import { vasEnqueuer } from '../../../../jobs/vas-posting.job.js';
import { POSTING_STEPS } from '../../../posting/posting-steps.js';
import { withoutLosses } from './rules.js';
import { rowFailureOf } from '../../../../test/record-names.js';

/**
 * Posting VAS transactions through the queue: accounts, quantities, the computed figures and the loss rule.
 * Every posted document is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('VAS transactions (queued)', () => {
  let tyresRevenue: number;
  let tyresCost: number;
  let fuelCost: number;
  beforeAll(async () => {
    [tyresRevenue, tyresCost, fuelCost] = await Promise.all([
      ledgerId(h, '410200'),
      ledgerId(h, '510200'),
      ledgerId(h, '510100'),
    ]);
  });

  it('need revenue and cost accounts of the same category, the right kinds, and a quantity within the original', async () => {
    const [id] = await importRecords(h, 'vas', [recordRows.vas({ originQuantity: '10' })]);
    const mismatch = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, fuelCost, '2')] });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `the cost account 510100 (Fuel) is not in the revenue account's category (Tyres).`,
      ),
    ]);
    const swapped = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresCost, tyresRevenue, '2')] });
    expect(swapped.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `the chosen revenue account is not a VAS revenue account.`,
      ),
    ]);
    const pettyCash = await admin.post(PATHS.vas, {
      postSap: [vas(id!, tyresRevenue, await ledgerId(h, '110101'), '2')],
    });
    expect(pettyCash.body.failed).toEqual([
      await rowFailureOf(h, 'vasTransaction', id!, `the chosen cost account is not a VAS cost account.`),
    ]);
    const missing = await admin.post(PATHS.vas, {
      postSap: [{ vasTransactionId: id, collectedQuantity: '2', postingDate: today, orderNumber: 'X' }],
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'postSap.0.sapAccountCost',
      'postSap.0.sapAccountRevenue',
    ]);
    const tooMuch = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, tyresCost, '10.5')] });
    expect(tooMuch.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `the collected quantity 10.5 is more than the original quantity 10.000.`,
      ),
    ]);
    // Finding 4: these JSON numbers answered 500 (MoneyError); now 422 naming the field.
    for (const quantity of [1e21, 1e-7, 0.30000000000000004]) {
      const response = await admin.post(PATHS.vas, {
        postSap: [vas(id!, tyresRevenue, tyresCost, quantity)],
      });
      expect(response.status, String(quantity)).toBe(422);
      expect(Object.keys(response.body.errors), String(quantity)).toEqual(['postSap.0.collectedQuantity']);
    }
    const noOrder = await admin.post(PATHS.vas, {
      postSap: [vas(id!, tyresRevenue, tyresCost, '2', { orderNumber: '' })],
    });
    expect(noOrder.body.errors['postSap.0.orderNumber']).toEqual(['The pickup order number is required.']);
    expect(await storedRow(h, 'vas', id!)).toMatchObject({
      status: 'unposted',
      totalAmount: null,
      profitMargin: null,
    });
  });

  it('refuse a zero collected quantity before SAP, naming the row and its trip (issue 12, defect 4)', async () => {
    const [id] = await makeRecords(h, 'vas', 1);
    const trip = (await storedRow(h, 'vas', id!)).tripNumber as string;
    const response = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, tyresCost, '0')] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `the collected quantity of trip ${trip} is 0; SAP does not accept a zero amount. Enter the quantity collected.`,
      ),
    ]);
    expect(await storedRow(h, 'vas', id!)).toMatchObject({ status: 'unposted' });
  });

  it('refuse a zero amount (prices of zero)', async () => {
    const [id] = await importRecords(h, 'vas', [
      recordRows.vas({ buyingUnitPrice: '0', sellingUnitPrice: '0' }),
    ]);
    const response = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, tyresCost, '1')] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `the amount to post is zero; SAP does not accept a zero amount.`,
      ),
    ]);
  });

  it('compute total and margin on the server, queue the row, and post both pairs of lines once', async () => {
    const [id] = await importRecords(h, 'vas', [
      recordRows.vas({
        originQuantity: '10',
        buyingUnitPrice: '30000.00',
        sellingUnitPrice: '34500.50',
        transporterCode: 'T20008',
        supplierCode: 'S30005',
      }),
    ]);
    const response = await admin.post(PATHS.vas, {
      postSap: [
        vas(id!, tyresRevenue, tyresCost, '4', {
          totalAmount: '1',
          profitMargin: '999999',
          orderNumber: 'VP-4411',
        }),
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: POSTING_MESSAGES.vas.success,
      posted: [],
      failed: [],
      queued: [{ id }],
    });
    // Queued rows leave the list at once.
    expect(await listed(admin, PATHS.vas, [id!])).toEqual([]);
    // 4 x 34500.50 = 138002.00 selling; 4 x 30000 = 120000.00 buying; margin 18002.00.
    const stored = await storedRow(h, 'vas', id!);
    expect(stored).toMatchObject({
      totalAmount: '138002.00',
      profitMargin: '18002.00',
      collectedQuantity: '4.000',
      pickupOrderNo: 'VP-4411',
      revenueAccountId: tyresRevenue,
      costAccountId: tyresCost,
    });
    await waitFor(
      async () => (await storedRow(h, 'vas', id!)).status === 'posted',
      'the VAS row to be posted',
      20_000,
    );
    const [doc] = await expectPostedOnce(h.sim, [keyOf('VAS', id!)]);
    expect(doc).toMatchObject({
      ReferenceDate: today,
      TaxDate: nairobiDay(-5),
      Reference2: 'VP-4411',
      Reference3: keyOf('VAS', id),
    });
    expect(journalLines(doc!)).toEqual([
      ['T20008', 138002, 0],
      ['410200', 0, 138002],
      ['510200', 120000, 0],
      ['S30005', 0, 120000],
    ]);
  });

  it('a loss needs Post Loss: 403 without it (nothing queued), queued with it', async () => {
    const [loss, profit] = await importRecords(h, 'vas', [
      recordRows.vas({ buyingUnitPrice: '500.00', sellingUnitPrice: '450.00' }),
      recordRows.vas({ buyingUnitPrice: '400.00', sellingUnitPrice: '450.00' }),
    ]);
    const poster = await signedIn(
      h.server,
      await createUser(h.server, {
        permissions: [PERMISSIONS.viewVasTransactions, PERMISSIONS.postVasTransactions],
      }),
    );
    const refused = await poster.post(PATHS.vas, {
      postSap: [vas(profit!, tyresRevenue, tyresCost, '1'), vas(loss!, tyresRevenue, tyresCost, '2')],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have the necessary access to post a loss.');
    expect(await storedRows(h, 'vas', [loss!, profit!])).toMatchObject([
      { status: 'unposted' },
      { status: 'unposted' },
    ]);

    const lossPoster = await signedIn(
      h.server,
      await createUser(h.server, {
        permissions: [PERMISSIONS.viewVasTransactions, PERMISSIONS.postVasTransactions, PERMISSIONS.postLoss],
      }),
    );
    const allowed = await lossPoster.post(PATHS.vas, { postSap: [vas(loss!, tyresRevenue, tyresCost, '2')] });
    expect(allowed.status).toBe(200);
    expect(await storedRow(h, 'vas', loss!)).toMatchObject({
      totalAmount: '900.00',
      profitMargin: '-100.00',
    });
    await waitFor(
      async () => (await storedRow(h, 'vas', loss!)).status === 'posted',
      'the loss to be posted',
      20_000,
    );
    const [doc] = await expectPostedOnce(h.sim, [keyOf('VAS', loss!)]);
    expect(journalLines(doc!)).toEqual([
      ['T20004', 900, 0],
      ['410200', 0, 900],
      ['510200', 1000, 0],
      ['S30004', 0, 1000],
    ]);
  });
});

describe('the loss check on the locked row', () => {
  it('refuses a loss for a user without Post Loss even when the prices changed after the request was judged', async () => {
    // The route refuses a loss with 403 before claiming; the claim checks the locked row again, so a price
    // change by an import between the two cannot slip a loss through. Here the claim runs on its own.
    const [id] = await importRecords(h, 'vas', [
      recordRows.vas({ buyingUnitPrice: '500.00', sellingUnitPrice: '450.00' }),
    ]);
    const [revenueId, costId] = await Promise.all([ledgerId(h, '410200'), ledgerId(h, '510200')]);
    const rules = h.app.services.vasWorker.rules as Parameters<typeof withoutLosses>[0];
    const result = await h.app.services.posting.queue(
      POSTING_STEPS.vasTransaction,
      [
        {
          id: id!,
          postingDate: today,
          input: {
            revenueAccountId: revenueId,
            costAccountId: costId,
            collectedQuantity: '1',
            pickupOrderNo: 'L-1',
          },
        },
      ],
      withoutLosses(rules, h.database),
      { actor: { id: null, name: 'Test' }, ip: '127.0.0.1' },
      vasEnqueuer(h.queue!),
      POSTING_MESSAGES.vas,
    );
    expect(result.status).toBe(422);
    expect(result.body.failed).toEqual([
      await rowFailureOf(
        h,
        'vasTransaction',
        id!,
        `it would post a loss, and you do not have the Post Loss permission.`,
      ),
    ]);
    expect(await storedRow(h, 'vas', id!)).toMatchObject({ status: 'unposted' });
  });
});
