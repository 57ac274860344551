import { eq } from 'drizzle-orm';
import { PERMISSIONS, POSTING_MESSAGES, type PermissionName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, salesInvoices, transporterInvoices, vasTransactions } from '../../db/schema.js';
import { createUser, signedIn, waitFor } from '../../test/fixtures.js';
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
  startPostingHarness,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { vasEnqueuer } from '../../jobs/vas-posting.job.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import type { KindRules } from '../posting/posting.service.js';
import { withoutLosses } from './kinds/vas-transactions.js';

/**
 * The posting rules of every record kind, through the real HTTP API with a signed-in user, against the SAP
 * simulator; every posted document is checked in the simulator's read-back (accounts, amounts, dates, keys).
 */
let h: PostingHarness;
let admin: TestClient;
const today = nairobiDay();

beforeAll(async () => {
  h = await startPostingHarness({ queue: true });
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const ids = (response: { body: { data: { id: number }[] } }) => response.body.data.map((r) => r.id);
const listed = async (client: TestClient, path: string, wanted: number[]) => {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return response.body.data.filter((r: { id: number }) => wanted.includes(r.id)) as Record<string, any>[];
};

const PATHS = {
  sales: '/api/v1/journalSaleInvoice',
  first: '/api/v1/firstJournalTransporterInvoice',
  second: '/api/v1/secondJournalTransporterInvoice',
  cash: '/api/v1/journalCashAdvance',
  fuel: '/api/v1/journalFuelAdvance',
  vas: '/api/v1/journalVasTransaction',
} as const;

const sale = (id: number, postingDate = today) => ({ saleInvoice: id, postingDate });
const first = (id: number, supplierInvoiceNumber = `SUP-${id}`, postingDate = today) => ({
  transporterInvoice: id,
  postingDate,
  supplierInvoiceNumber,
});
const second = (id: number, postingDate = today) => ({ transporterInvoice: id, postingDate });

describe('lists: only rows still to post', () => {
  it("drops posted rows, keeps failed rows with status failed and SAP's reason", async () => {
    const [ok, unknownCustomer, waiting] = await importRecords(h, 'sales', [
      recordRows.sales(),
      recordRows.sales({ customerCode: 'C99999' }),
      recordRows.sales(),
    ]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(ok!), sale(unknownCustomer!)] });
    expect(response.status).toBe(422);
    const rows = await listed(admin, PATHS.sales, [ok!, unknownCustomer!, waiting!]);
    expect(rows.map((r) => r.id)).toEqual([unknownCustomer, waiting]);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      lastError: 'No matching records found (ODBC -2028)',
      postingDate: today,
    });
    expect(rows[1]).toMatchObject({ status: 'unposted', lastError: null, postingDate: null });
  });

  it('lists a transporter invoice for the second journal only once its first journal is posted, until the second is', async () => {
    const [a, b] = await makeRecords(h, 'transporter', 2);
    expect(await listed(admin, PATHS.first, [a!, b!])).toHaveLength(2);
    expect(await listed(admin, PATHS.second, [a!, b!])).toEqual([]);

    expect((await admin.post(PATHS.first, { postSap: [first(a!, 'SUP-INV-77')] })).status).toBe(200);
    expect((await listed(admin, PATHS.first, [a!, b!])).map((r) => r.id)).toEqual([b]);
    const secondList = await listed(admin, PATHS.second, [a!, b!]);
    expect(secondList.map((r) => r.id)).toEqual([a]);
    // The supplier invoice number typed for the first journal is shown (read-only) on the second.
    expect(secondList[0]).toMatchObject({
      supplierInvoiceNumber: 'SUP-INV-77',
      status: 'unposted',
      postingDate: null,
    });
    expect(secondList[0]!.firstJournalPostedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await admin.post(PATHS.second, { postSap: [second(a!)] })).status).toBe(200);
    expect(await listed(admin, PATHS.second, [a!, b!])).toEqual([]);
    expect((await listed(admin, PATHS.first, [a!, b!])).map((r) => r.id)).toEqual([b]);
  });

  it('filters fromDate..toDate as whole days in Africa/Nairobi, both ends included, on every list', async () => {
    // 2025-03-10 in Nairobi (UTC+3) runs from 2025-03-09T21:00:00Z to 2025-03-10T20:59:59Z.
    const dates = {
      before: '2025-03-09T23:59:59',
      startOfDay: '2025-03-10T00:00:00',
      startOfDayUtc: '2025-03-09T21:00:00Z',
      endOfDay: '2025-03-10T23:59:59',
      lateUtc: '2025-03-10T21:00:00Z', // already 2025-03-11 in Nairobi
      after: '2025-03-11T00:00:00',
    };
    const inside = ['startOfDay', 'startOfDayUtc', 'endOfDay'];
    const kinds = ['sales', 'transporter', 'cash', 'fuel', 'vas'] as const;
    const created: Record<string, Record<string, number>> = {};
    for (const kind of kinds) {
      const names = Object.keys(dates);
      const rowIds = await importRecords(
        h,
        kind,
        names.map((n) => recordRows[kind]({ documentDate: dates[n as keyof typeof dates] })),
      );
      created[kind] = Object.fromEntries(names.map((n, i) => [n, rowIds[i]!]));
    }
    const query = '?fromDate=2025-03-10&toDate=2025-03-10';
    const expectDay = async (path: string, kind: string) => {
      const response = await admin.get(`${path}${query}`);
      expect(response.status).toBe(200);
      const all = Object.values(created[kind]!);
      expect(
        ids(response)
          .filter((id) => all.includes(id))
          .sort(),
      ).toEqual(inside.map((n) => created[kind]![n]!).sort());
      // Open ends: from only, to only.
      const from = ids(await admin.get(`${path}?fromDate=2025-03-11`))
        .filter((id) => all.includes(id))
        .sort();
      expect(from).toEqual([created[kind]!.lateUtc!, created[kind]!.after!].sort());
      const to = ids(await admin.get(`${path}?toDate=2025-03-09`)).filter((id) => all.includes(id));
      expect(to).toEqual([created[kind]!.before]);
    };
    await expectDay(PATHS.sales, 'sales');
    await expectDay(PATHS.first, 'transporter');
    await expectDay(PATHS.cash, 'cash');
    await expectDay(PATHS.fuel, 'fuel');
    await expectDay(PATHS.vas, 'vas');
    // The second journal list filters the same way once the first journals are posted.
    const transporterIds = Object.values(created.transporter!);
    const posted = await admin.post(PATHS.first, { postSap: transporterIds.map((id) => first(id)) });
    expect(posted.status).toBe(200);
    await expectDay(PATHS.second, 'transporter');
    // Dates are shown in Nairobi time.
    const row = (await listed(admin, `${PATHS.sales}${query}`, [created.sales!.startOfDayUtc!]))[0]!;
    expect(row.documentDate).toBe('2025-03-10 00:00:00');
  });

  it('rejects a malformed date filter with 422', async () => {
    const response = await admin.get(`${PATHS.sales}?fromDate=10-03-2025`);
    expect(response.status).toBe(422);
  });
});

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
    expect(response.body.failed).toEqual([
      { id: future, message: `#${future}: The posting date cannot be in the future.` },
      {
        id: early,
        message: `#${early}: The posting date cannot be before the document date (${nairobiDay(-2)}).`,
      },
    ]);
    expect(response.body.message).toContain(`#${future}: The posting date cannot be in the future.`);
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
    for (const postingDate of [`${year}-09-31T10:00Z`, `${year}-09-31 10:00:00`, `${year}-09-31T10:00:00+03:00`, `${year}-06-31`]) {
      const response = await admin.post(PATHS.sales, { postSap: [sale(id!, postingDate)] });
      expect(response.status, postingDate).toBe(422);
      expect(response.body.errors, postingDate).toEqual({
        'postSap.0.postingDate': [`The posting date ${postingDate.slice(0, 10)} is not a real calendar date.`],
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
      Reference2: `FFSI${id}`,
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
      { id: zero, message: `#${zero}: its amount is zero; SAP does not accept a zero amount.` },
      {
        id: missing,
        message: `#${missing}: it has no amount; it cannot be posted until the source system sends one.`,
      },
    ]);
    // A whole-request failure reads plainly (no double negative) and names every row with its reason.
    expect(response.body.message).toBe(
      `None of the 2 sales invoices could be posted. ${response.body.failed.map((f: { message: string }) => f.message).join(' ')}`,
    );
    await expectNotInSap(h.sim, [keyOf('SI', zero!), keyOf('SI', missing!)]);
  });
});

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
      status: 'unposted',
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
      Reference3: `FF-FJ-${id}`,
    });
    expect(journalLines(firstDoc!)).toEqual([
      ['500100', 45210.55, 0],
      ['210200', 0, 45210.55],
    ]);
    expect(secondDoc).toMatchObject({
      ReferenceDate: nairobiDay(-1),
      TaxDate: nairobiDay(-6),
      Reference2: 'AWN/INV/0042',
      Reference3: `FF-SJ-${id}`,
    });
    expect(journalLines(secondDoc!)).toEqual([
      ['210200', 45210.55, 0],
      ['T20005', 0, 45210.55],
    ]);
    expect(await storedRow(h, 'transporter', id!)).toMatchObject({
      status: 'posted',
      postingDate: nairobiDay(-3),
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
      { id, message: `#${id}: its first journal has not been posted yet.` },
    ]);
    await expectNotInSap(h.sim, [keyOf('SJ', id!)]);
    expect(await storedRow(h, 'transporter', id!)).toMatchObject({
      status: 'unposted',
      sjStatus: 'unposted',
    });
  });

  it('refuse a zero invoice amount', async () => {
    const [id] = await importRecords(h, 'transporter', [recordRows.transporter({ invoiceAmount: '0.00' })]);
    const response = await admin.post(PATHS.first, { postSap: [first(id!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      { id, message: `#${id}: its invoice amount is zero; SAP does not accept a zero amount.` },
    ]);
  });
});

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
      { id, message: `#${id}: the account 410100 is not a petty cash ledger.` },
    ]);

    const unknown = await admin.post(PATHS.cash, {
      postSap: [{ cashAdvanceId: id, sapAccount: 999_999, postingDate: today }],
    });
    expect(unknown.body.failed).toEqual([
      { id, message: `#${id}: the chosen posting ledger does not exist.` },
    ]);

    const busia = await ledgerId(h, '110104');
    await h.database.db.update(ledgerAccounts).set({ isActive: false }).where(eq(ledgerAccounts.id, busia));
    try {
      const disabled = await admin.post(PATHS.cash, {
        postSap: [{ cashAdvanceId: id, sapAccount: busia, postingDate: today }],
      });
      expect(disabled.body.failed).toEqual([
        { id, message: `#${id}: the posting ledger 110104 is disabled.` },
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
      { id, message: `#${id}: its amount is zero; SAP does not accept a zero amount.` },
    ]);
  });
});

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
      { id, message: `#${id}: the collected quantity 100.001 is more than the original quantity 100.000.` },
    ]);

    const zero = await admin.post(PATHS.fuel, { postSap: [fuel(id!, ledger, 0)] });
    expect(zero.status).toBe(422);
    expect(zero.body.failed).toEqual([
      {
        id,
        message: `#${id}: the total (collected quantity x unit price) is zero; SAP does not accept a zero amount.`,
      },
    ]);

    const notPettyCash = await admin.post(PATHS.fuel, {
      postSap: [fuel(id!, await ledgerId(h, '510100'), '5')],
    });
    expect(notPettyCash.body.failed).toEqual([
      { id, message: `#${id}: the account 510100 is not a petty cash ledger.` },
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
    const [id] = await importRecords(h, 'fuel', [recordRows.fuel({ originQuantity: '100', unitPrice: '180.25' })]);
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
    expect(await storedRow(h, 'fuel', id!)).toMatchObject({ status: 'posted', collectedQuantity: '2.500', totalAmount: '450.63' });
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

describe('VAS transactions (queued)', () => {
  const vas = (
    id: number,
    revenue: number,
    cost: number,
    collectedQuantity: unknown,
    extra: Record<string, unknown> = {},
  ) => ({
    vasTransactionId: id,
    sapAccountRevenue: revenue,
    sapAccountCost: cost,
    collectedQuantity,
    productType: 'Tyres',
    postingDate: today,
    orderNumber: `VPICK-${id}`,
    ...extra,
  });
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
      {
        id,
        message: `#${id}: the cost account 510100 (Fuel) is not in the revenue account's category (Tyres).`,
      },
    ]);
    const swapped = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresCost, tyresRevenue, '2')] });
    expect(swapped.body.failed).toEqual([
      { id, message: `#${id}: the chosen revenue account is not a VAS revenue account.` },
    ]);
    const pettyCash = await admin.post(PATHS.vas, {
      postSap: [vas(id!, tyresRevenue, await ledgerId(h, '110101'), '2')],
    });
    expect(pettyCash.body.failed).toEqual([
      { id, message: `#${id}: the chosen cost account is not a VAS cost account.` },
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
      { id, message: `#${id}: the collected quantity 10.5 is more than the original quantity 10.000.` },
    ]);
    // Finding 4: these JSON numbers answered 500 (MoneyError); now 422 naming the field.
    for (const quantity of [1e21, 1e-7, 0.30000000000000004]) {
      const response = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, tyresCost, quantity)] });
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

  it('refuse a zero amount', async () => {
    const [id] = await makeRecords(h, 'vas', 1);
    const response = await admin.post(PATHS.vas, { postSap: [vas(id!, tyresRevenue, tyresCost, '0')] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      { id, message: `#${id}: the amount to post is zero; SAP does not accept a zero amount.` },
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
      Reference3: `FF-VAS-${id}`,
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
    const rules = h.app.services.vasWorker.rules as KindRules<{
      revenueId: number;
      costId: number;
      collectedQuantity: string;
      pickupOrderNo: string;
    }>;
    const result = await h.app.services.posting.queue(
      POSTING_STEPS.VAS,
      [
        {
          id: id!,
          postingDate: today,
          input: { revenueId, costId, collectedQuantity: '1', pickupOrderNo: 'L-1' },
        },
      ],
      withoutLosses(rules),
      { actor: { id: null, name: 'Test' }, ip: '127.0.0.1' },
      vasEnqueuer(h.queue!),
      POSTING_MESSAGES.vas,
    );
    expect(result.status).toBe(422);
    expect(result.body.failed).toEqual([
      { id, message: `#${id}: it would post a loss, and you do not have the Post Loss permission.` },
    ]);
    expect(await storedRow(h, 'vas', id!)).toMatchObject({ status: 'unposted' });
  });
});

describe('every request', () => {
  it('refuses the same row twice in one request with 422 and posts nothing', async () => {
    const [a, b] = await makeRecords(h, 'sales', 2);
    const response = await admin.post(PATHS.sales, { postSap: [sale(a!), sale(b!), sale(a!)] });
    expect(response.status).toBe(422);
    expect(response.body.errors.postSap).toEqual([
      `Each row may be posted once per request; #${a} appears more than once.`,
    ]);
    await expectNotInSap(h.sim, [keyOf('SI', a!), keyOf('SI', b!)]);
    expect(await storedRows(h, 'sales', [a!, b!])).toMatchObject([
      { status: 'unposted' },
      { status: 'unposted' },
    ]);
    // The same holds for the queued kind.
    const [v] = await makeRecords(h, 'vas', 1);
    const revenue = await ledgerId(h, '410200');
    const cost = await ledgerId(h, '510200');
    const entry = {
      vasTransactionId: v,
      sapAccountRevenue: revenue,
      sapAccountCost: cost,
      collectedQuantity: '1',
      postingDate: today,
      orderNumber: 'X',
    };
    expect((await admin.post(PATHS.vas, { postSap: [entry, entry] })).status).toBe(422);
    expect(await storedRow(h, 'vas', v!)).toMatchObject({ status: 'unposted' });
  });

  it('refuses rows already posted, being posted or queued, and unknown ids', async () => {
    const [posted, posting] = await makeRecords(h, 'sales', 2);
    expect((await admin.post(PATHS.sales, { postSap: [sale(posted!)] })).status).toBe(200);
    await h.database.db
      .update(salesInvoices)
      .set({ status: 'posting' })
      .where(eq(salesInvoices.id, posting!));
    const response = await admin.post(PATHS.sales, {
      postSap: [sale(posted!), sale(posting!), sale(987_654)],
    });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      { id: posted, message: `#${posted}: it has already been posted.` },
      { id: posting, message: `#${posting}: it is being posted right now.` },
      { id: 987_654, message: '#987654: no sales invoice with this id exists.' },
    ]);
    await expectPostedOnce(h.sim, [keyOf('SI', posted!)]);
    await expectNotInSap(h.sim, [keyOf('SI', posting!)]);
    await h.database.db
      .update(salesInvoices)
      .set({ status: 'unposted' })
      .where(eq(salesInvoices.id, posting!));

    const [t] = await makeRecords(h, 'transporter', 1);
    expect((await admin.post(PATHS.first, { postSap: [first(t!)] })).status).toBe(200);
    const again = await admin.post(PATHS.first, { postSap: [first(t!)] });
    expect(again.body.failed).toEqual([{ id: t, message: `#${t}: it has already been posted.` }]);
    await h.database.db
      .update(transporterInvoices)
      .set({ sjStatus: 'posting' })
      .where(eq(transporterInvoices.id, t!));
    const sj = await admin.post(PATHS.second, { postSap: [second(t!)] });
    expect(sj.body.failed).toEqual([{ id: t, message: `#${t}: it is being posted right now.` }]);

    const [v] = await makeRecords(h, 'vas', 1);
    await h.database.db.update(vasTransactions).set({ status: 'queued' }).where(eq(vasTransactions.id, v!));
    const revenue = await ledgerId(h, '410200');
    const cost = await ledgerId(h, '510200');
    const vasResponse = await admin.post(PATHS.vas, {
      postSap: [
        {
          vasTransactionId: v,
          sapAccountRevenue: revenue,
          sapAccountCost: cost,
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(vasResponse.status).toBe(422);
    expect(vasResponse.body.failed).toEqual([{ id: v, message: `#${v}: it is already queued for posting.` }]);
  });

  it('needs the view permission to list and the post permission to post, per kind', async () => {
    const kinds: { path: string; view: PermissionName; post: PermissionName; otherView: PermissionName }[] = [
      {
        path: PATHS.sales,
        view: PERMISSIONS.viewSalesInvoices,
        post: PERMISSIONS.postSalesInvoices,
        otherView: PERMISSIONS.viewCashAdvances,
      },
      {
        path: PATHS.first,
        view: PERMISSIONS.viewTransporterInvoices,
        post: PERMISSIONS.postTransporterInvoices,
        otherView: PERMISSIONS.viewSalesInvoices,
      },
      {
        path: PATHS.second,
        view: PERMISSIONS.viewTransporterInvoices,
        post: PERMISSIONS.postTransporterInvoices,
        otherView: PERMISSIONS.viewSalesInvoices,
      },
      {
        path: PATHS.cash,
        view: PERMISSIONS.viewCashAdvances,
        post: PERMISSIONS.postCashAdvances,
        otherView: PERMISSIONS.viewFuelAdvances,
      },
      {
        path: PATHS.fuel,
        view: PERMISSIONS.viewFuelAdvances,
        post: PERMISSIONS.postFuelAdvances,
        otherView: PERMISSIONS.viewCashAdvances,
      },
      {
        path: PATHS.vas,
        view: PERMISSIONS.viewVasTransactions,
        post: PERMISSIONS.postVasTransactions,
        otherView: PERMISSIONS.viewFuelAdvances,
      },
    ];
    // A body that would pass validation for any kind is not needed: the permission is checked first.
    for (const kind of kinds) {
      const viewer = await signedIn(h.server, await createUser(h.server, { permissions: [kind.view] }));
      expect((await viewer.get(kind.path)).status).toBe(200);
      const viewerPost = await viewer.post(kind.path, { postSap: [] });
      expect(viewerPost.status).toBe(403);
      expect(viewerPost.body.message).toContain(kind.post);

      const stranger = await signedIn(
        h.server,
        await createUser(h.server, { permissions: [kind.otherView] }),
      );
      expect((await stranger.get(kind.path)).status).toBe(403);
      expect((await stranger.post(kind.path, { postSap: [] })).status).toBe(403);

      const poster = await signedIn(
        h.server,
        await createUser(h.server, { permissions: [kind.view, kind.post] }),
      );
      expect((await poster.get(kind.path)).status).toBe(200);
      // Allowed through: the (empty) body is then judged.
      expect((await poster.post(kind.path, { postSap: [] })).status).toBe(422);

      const anonymous = h.client();
      await anonymous.csrf();
      expect((await anonymous.get(kind.path)).status).toBe(401);
    }
  });

  it('audits every post: who, what reached SAP (with its document), and what did not and why', async () => {
    const user = await createUser(h.server, {
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.postSalesInvoices],
    });
    const poster = await signedIn(h.server, user);
    const [ok, bad] = await importRecords(h, 'sales', [
      recordRows.sales(),
      recordRows.sales({ customerCode: 'C10099' }),
    ]);
    const response = await poster.post(PATHS.sales, { postSap: [sale(ok!), sale(bad!)] });
    expect(response.status).toBe(422);
    const docEntry = response.body.posted[0].sapDocEntry as number;
    const audits = (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[];
    const entry = audits.find((a) => a.event.includes(`#${ok} -> SAP ${docEntry}`));
    expect(entry).toMatchObject({ createdBy: user.name });
    expect(entry!.event).toContain(`Posted 1 sales invoice to SAP (#${ok} -> SAP ${docEntry})`);
    expect(entry!.event).toContain(`1 not posted: #${bad}: Business partner 'C10099' is frozen`);

    // Requests refused as a whole are audited too, as are VAS rows queued.
    const refused = await poster.post(PATHS.sales, { postSap: [sale(ok!)] });
    expect(refused.status).toBe(422);
    const [v] = await makeRecords(h, 'vas', 1);
    const queued = await admin.post(PATHS.vas, {
      postSap: [
        {
          vasTransactionId: v,
          sapAccountRevenue: await ledgerId(h, '410200'),
          sapAccountCost: await ledgerId(h, '510200'),
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(queued.status).toBe(200);
    const after = (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[];
    expect(
      after.some((a) => a.createdBy === user.name && a.event.includes(`#${ok}: it has already been posted.`)),
    ).toBe(true);
    expect(after.some((a) => a.event === `Queued 1 VAS transaction for posting to SAP (#${v})`)).toBe(true);
  });
});
