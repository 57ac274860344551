import { describe, expect, it } from 'vitest';
import { judge, judgeKeys } from './key-lookup.js';
import type { SapDocument, SapRangeDocument } from '../../erp/sap-gateway.js';

/**
 * What SAP holds under a key, judged against the document we would send (decision 018): only the same content is
 * this record's posting; another record's document, or this one's cancelled, is never posted over nor taken.
 */
const KEY = 'FF-CA-KABCDEFGHIJKLM';
const cashJournal = (amount: number): SapDocument => ({
  entity: 'JournalEntries',
  referenceField: 'Reference3',
  payload: {
    Reference3: KEY,
    JournalEntryLines: [
      { ShortName: 'T20002', Debit: amount, Credit: 0 },
      { AccountCode: '110101', Debit: 0, Credit: amount },
    ],
  },
});
const journal = (docEntry: number, amount: number, swapped = false): SapRangeDocument => ({
  docEntry,
  docNum: docEntry + 500,
  reference: KEY,
  date: '2026-11-20',
  lines: [
    { account: 'T20002', debit: swapped ? 0 : amount, credit: swapped ? amount : 0 },
    { account: '110101', debit: swapped ? amount : 0, credit: swapped ? 0 : amount },
  ],
  total: null,
  cancelStatus: null,
  party: null,
});
const salesInvoice: SapDocument = {
  entity: 'Invoices',
  referenceField: 'Reference2',
  payload: { CardCode: 'C10001', Reference2: 'FSABCDEFGHI', DocumentLines: [{ LineTotal: 30_900 }] },
};
const invoice = (
  docEntry: number,
  party: string,
  total: number,
  cancelStatus = 'csNo',
): SapRangeDocument => ({
  docEntry,
  docNum: docEntry + 100,
  reference: 'FSABCDEFGHI',
  date: '2026-11-20',
  lines: [],
  total,
  cancelStatus,
  party,
});

describe('judging what SAP holds under a key', () => {
  it('nothing: post it', () => {
    expect(judge(cashJournal(100), KEY, [])).toEqual({ state: 'absent' });
  });

  it("the same lines: it is this record's posting, found", () => {
    expect(judge(cashJournal(100), KEY, [journal(7, 100)])).toEqual({
      state: 'found',
      ref: { docEntry: 7, docNum: 507 },
    });
    expect(judge(salesInvoice, 'FSABCDEFGHI', [invoice(3, 'C10001', 30_900)])).toEqual({
      state: 'found',
      ref: { docEntry: 3, docNum: 103 },
    });
  });

  it("other content under the key: another record's document, refused naming it", () => {
    expect(judge(cashJournal(30_900), KEY, [journal(1022, 100)])).toEqual({
      state: 'conflict',
      message: `SAP already holds JE 1022 with key ${KEY} for another record: check Reconciliation.`,
    });
    expect(judge(salesInvoice, 'FSABCDEFGHI', [invoice(3, 'C20002', 30_900)])).toMatchObject({
      state: 'conflict',
      message: expect.stringContaining('A/R invoice 103 with key FSABCDEFGHI for another record'),
    });
  });

  it('its own document cancelled in SAP (a restore forgot the reversal): refused, not posted again', () => {
    expect(judge(cashJournal(100), KEY, [journal(7, 100), journal(8, 100, true)])).toEqual({
      state: 'conflict',
      message: `SAP holds JE 7 with key ${KEY} for it, cancelled in SAP: check Reconciliation before posting it again.`,
    });
    expect(
      judge(salesInvoice, 'FSABCDEFGHI', [
        invoice(3, 'C10001', 30_900, 'csYes'),
        invoice(4, 'C10001', 30_900, 'csCancellation'),
      ]),
    ).toMatchObject({ state: 'conflict', message: expect.stringContaining('cancelled in SAP') });
  });

  it("finds the record's document under an earlier try's key (one written before the keys came from the source id)", () => {
    const found = new Map([
      [KEY, []],
      ['FF-CA-12', [{ ...journal(9, 100), reference: 'FF-CA-12' }]],
    ]);
    expect(judgeKeys(cashJournal(100), [KEY, 'FF-CA-12'], found)).toEqual({
      state: 'found',
      ref: { docEntry: 9, docNum: 509 },
    });
  });

  it("a VAT or foreign-currency invoice is found on its net (total less SAP's VAT), with SAP's VAT and gross", () => {
    const vatLine = { LineTotal: 1000, VatGroup: 'O1' };
    const local = { ...salesInvoice, payload: { ...salesInvoice.payload, DocumentLines: [vatLine] } };
    const theirs = (over: Partial<SapRangeDocument>): SapRangeDocument => ({
      ...invoice(3, 'C10001', 1160),
      vat: 160,
      invoiceTotals: { local: { vat: '160.00', gross: '1160.00' }, foreign: null },
      ...over,
    });
    expect(judge(local, 'FSABCDEFGHI', [theirs({})])).toEqual({
      state: 'found',
      ref: { docEntry: 3, docNum: 103, totals: { vat: '160.00', gross: '1160.00' } },
    });
    // USD 1,234.56 net: its line in RowTotalFC; SAP's KES total and USD total, each with its VAT.
    const usd: SapDocument = {
      ...salesInvoice,
      payload: {
        ...salesInvoice.payload,
        DocCurrency: 'USD',
        DocRate: 129.3456,
        DocumentLines: [{ RowTotalFC: 1234.56, VatGroup: 'O1' }],
      },
    };
    const usdTotals = {
      local: { vat: '25549.58', gross: '185234.48' },
      foreign: { vat: '197.53', gross: '1432.09' },
    };
    const held = theirs({ total: 185_234.48, vat: 25_549.58, totalFc: 1432.09, vatFc: 197.53 });
    expect(judge(usd, 'FSABCDEFGHI', [{ ...held, invoiceTotals: usdTotals }])).toEqual({
      state: 'found',
      ref: { docEntry: 3, docNum: 103, totals: usdTotals.foreign },
    });
    // Another net in USD is another record's.
    expect(judge(usd, 'FSABCDEFGHI', [{ ...held, totalFc: 1432.1 }])).toMatchObject({ state: 'conflict' });
  });
});
