import { POSTING_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { PATHS, startRecordsHarness, today } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';
import { rowFailureOf } from '../../../../test/record-names.js';

/**
 * Posting fuel advances: ledger, pickup order and collected quantity, and the total the server computes.
 * Every posted document is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('fuel advances', () => {
  const fuel = (
    id: number,
    ledger: number,
    collectedQuantity: unknown,
    extra: Record<string, unknown> = {},
  ) => ({
    fuelAdvanceId: id,
    sapAccount: ledger,
    collectedQuantity,
    postingDate: today,
    orderNumber: `PICK-${id}`,
    ...extra,
  });

  it('need a ledger, a pickup order number and a collected quantity between 0 and the original quantity', async () => {
    const [id] = await importRecords(h, 'fuel', [
      recordRows.fuel({ originQuantity: '100', unitPrice: '180.25' }),
    ]);
    const ledger = await ledgerId(h, '110101');

    const noLedger = await admin.post(PATHS.fuel, {
      postSap: [{ fuelAdvanceId: id, collectedQuantity: '5', postingDate: today, orderNumber: 'P-1' }],
    });
    expect(noLedger.status).toBe(422);
    expect(Object.keys(noLedger.body.errors)).toEqual(['postSap.0.sapAccount']);

    const noOrder = await admin.post(PATHS.fuel, {
      postSap: [{ fuelAdvanceId: id, sapAccount: ledger, collectedQuantity: '5', postingDate: today }],
    });
    expect(noOrder.status).toBe(422);
    expect(Object.keys(noOrder.body.errors)).toEqual(['postSap.0.orderNumber']);
    const blankOrder = await admin.post(PATHS.fuel, {
      postSap: [fuel(id!, ledger, '5', { orderNumber: ' ' })],
    });
    expect(blankOrder.body.errors['postSap.0.orderNumber']).toEqual(['The pickup order number is required.']);

    const noQuantity = await admin.post(PATHS.fuel, {
      postSap: [{ fuelAdvanceId: id, sapAccount: ledger, postingDate: today, orderNumber: 'P-1' }],
    });
    expect(noQuantity.status).toBe(422);
    expect(Object.keys(noQuantity.body.errors)).toEqual(['postSap.0.collectedQuantity']);

    for (const negative of [-1, '-1']) {
      const response = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, negative)] });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(['postSap.0.collectedQuantity']);
    }

    const tooMuch = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, '100.001')] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.failed).toEqual([
      await rowFailureOf(
        h,
        'fuelAdvance',
        id!,
        `the collected quantity 100.001 is more than the original quantity 100.000.`,
      ),
    ]);

    // Issue 12, defect 4: a zero collected quantity is refused before SAP, naming the row and its trip.
    const trip = (await storedRow(h, 'fuel', id!)).tripNumber as string;
    for (const quantity of [0, '0.000']) {
      const zero = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, quantity)] });
      expect(zero.status).toBe(422);
      expect(zero.body.failed).toEqual([
        await rowFailureOf(
          h,
          'fuelAdvance',
          id!,
          `the collected quantity of trip ${trip} is 0; SAP does not accept a zero amount. Enter the quantity collected.`,
        ),
      ]);
    }

    const notPettyCash = await admin.post(PATHS.fuel, {
      postSap: [fuel(id!, await ledgerId(h, '510100'), '5')],
    });
    expect(notPettyCash.body.failed).toEqual([
      await rowFailureOf(h, 'fuelAdvance', id!, `the account 510100 is not a petty cash ledger.`),
    ]);

    await expectNotInSap(h.sim, [keyOf('FA', id!)]);
    expect(await storedRow(h, 'fuel', id!)).toMatchObject({
      status: 'unposted',
      collectedQuantity: null,
      totalAmount: null,
      pickupOrderNo: null,
    });
  });

  it('refuse a quantity that is not exactly a decimal of at most 3 places below 10^11 with 422 naming the field (never 500)', async () => {
    const [id] = await importRecords(h, 'fuel', [
      recordRows.fuel({ originQuantity: '100', unitPrice: '180.25' }),
    ]);
    const ledger = await ledgerId(h, '110101');
    // Finding 4: these JSON numbers answered 500 (MoneyError).
    for (const quantity of [1e21, 1e-7, 0.30000000000000004, '1e21', '12.3456', '100000000000']) {
      const response = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, quantity)] });
      expect(response.status, String(quantity)).toBe(422);
      expect(Object.keys(response.body.errors), String(quantity)).toEqual(['postSap.0.collectedQuantity']);
    }
    expect(await storedRow(h, 'fuel', id!)).toMatchObject({ status: 'unposted', collectedQuantity: null });
    // A JSON number that is exactly a short decimal still posts.
    const posted = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, 2.5)] });
    expect(posted.status).toBe(200);
    expect(await storedRow(h, 'fuel', id!)).toMatchObject({
      status: 'posted',
      collectedQuantity: '2.500',
      totalAmount: '450.63',
    });
  });

  it('post collected quantity x unit price computed by the server; a client total is ignored', async () => {
    const [id, whole] = await importRecords(h, 'fuel', [
      recordRows.fuel({ transporterCode: 'T20007', originQuantity: '200', unitPrice: '180.25' }),
      recordRows.fuel({ originQuantity: '40', unitPrice: '199.99' }),
    ]);
    const ledger = await ledgerId(h, '110103');
    const response = await admin.post(PATHS.fuel, {
      postSap: [
        fuel(id!, ledger, '12.5', { totalAmount: '1.00', amount: '1.00', orderNumber: 'PICK-FA-77' }),
        // The whole original quantity may be collected.
        fuel(whole!, ledger, 40, { totalAmount: '0.01' }),
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(POSTING_MESSAGES.fuel.success);
    // 12.5 x 180.25 = 2253.125 -> 2253.13 (half up, in integer cents); 40 x 199.99 = 7999.60.
    const [doc, wholeDoc] = await expectPostedOnce(h.sim, [keyOf('FA', id!), keyOf('FA', whole!)]);
    expect(doc).toMatchObject({ Reference2: 'PICK-FA-77', ReferenceDate: today, TaxDate: nairobiDay(-5) });
    expect(journalLines(doc!)).toEqual([
      ['T20007', 2253.13, 0],
      ['110103', 0, 2253.13],
    ]);
    expect(journalLines(wholeDoc!)).toEqual([
      ['T20003', 7999.6, 0],
      ['110103', 0, 7999.6],
    ]);
    expect(await storedRow(h, 'fuel', id!)).toMatchObject({
      status: 'posted',
      collectedQuantity: '12.500',
      totalAmount: '2253.13',
      pickupOrderNo: 'PICK-FA-77',
      onAccountId: ledger,
    });
  });
});
