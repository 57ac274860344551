import { SEED_ACCOUNTS } from '@ff/sap-sim';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SAP_POSTING_ACCOUNTS } from '../../../config/sap-accounts.js';
import { loadEnv } from '../../../config/env.js';
import { numberToCents } from '../../../erp/money.js';
import {
  lineTotal,
  PostingRuleError,
  type JournalEntryLine,
  type SapDocumentRequest,
} from '../../../erp/posting-rules.js';
import { createPostingRules } from './index.js';

/** The SAP document each kind's posting rule builds (sent to the simulator: posting-rules-simulator.test.ts). */
const rules = createPostingRules(DEFAULT_SAP_POSTING_ACCOUNTS);
const dates = { postingDate: '2025-07-01', documentDate: '2025-06-20' };

function linesOf(document: SapDocumentRequest): JournalEntryLine[] {
  if (document.entity !== 'JournalEntries') throw new Error('not a journal');
  return document.payload.JournalEntryLines;
}

/** Debits equal credits, counted in cents. */
function expectBalanced(document: SapDocumentRequest) {
  const lines = linesOf(document);
  const debit = lines.reduce((sum, l) => sum + numberToCents(l.Debit ?? 0), 0n);
  const credit = lines.reduce((sum, l) => sum + numberToCents(l.Credit ?? 0), 0n);
  expect(debit).toBe(credit);
  expect(debit).toBeGreaterThan(0n);
  for (const line of lines) expect((line.Debit ?? 0) > 0 !== (line.Credit ?? 0) > 0).toBe(true);
}

const sides = (document: SapDocumentRequest) =>
  linesOf(document).map((l) => ({
    target: l.AccountCode ?? `BP:${l.ShortName}`,
    debit: l.Debit,
    credit: l.Credit,
  }));

describe('posting rules', () => {
  it('maps a sales invoice to an A/R service invoice with the key in Reference2', () => {
    const doc = rules.salesInvoice({
      key: 'FF-SI-1042',
      customerCode: 'C10001',
      amount: '125000.50',
      customerReference: 'CR-88',
      memo: 'Freight MSA-NBO',
      ...dates,
    });
    expect(doc).toMatchObject({
      entity: 'Invoices',
      referenceField: 'Reference2',
      key: 'FF-SI-1042',
      debitTotal: '125000.50',
    });
    expect(doc.payload).toEqual({
      DocType: 'dDocument_Service',
      CardCode: 'C10001',
      DocDate: '2025-07-01',
      DocDueDate: '2025-07-01',
      TaxDate: '2025-06-20',
      NumAtCard: 'CR-88',
      Reference2: 'FF-SI-1042',
      Comments: 'Freight MSA-NBO',
      JournalMemo: 'Freight MSA-NBO',
      DocumentLines: [{ ItemDescription: 'Freight', AccountCode: '400100', LineTotal: 125000.5 }],
    });
  });

  it('maps a first journal: debit transport cost, credit accrued costs, supplier invoice in Reference2', () => {
    const doc = rules.firstJournal({
      key: 'FF-FJ-7',
      amount: '80000.00',
      supplierInvoiceNumber: 'INV-2025-001',
      ...dates,
    });
    expectBalanced(doc);
    expect(doc.payload).toMatchObject({
      ReferenceDate: '2025-07-01',
      DueDate: '2025-07-01',
      TaxDate: '2025-06-20',
      Reference2: 'INV-2025-001',
      Reference3: 'FF-FJ-7',
    });
    expect(sides(doc)).toEqual([
      { target: '500100', debit: 80000, credit: undefined },
      { target: '210200', debit: undefined, credit: 80000 },
    ]);
  });

  it('maps a second journal: debit accrued costs, credit the transporter', () => {
    const doc = rules.secondJournal({
      key: 'FF-SJ-1042',
      amount: '80000.00',
      transporterCode: 'T20003',
      supplierInvoiceNumber: 'INV-9',
      ...dates,
    });
    expectBalanced(doc);
    expect(doc.payload).toMatchObject({ Reference2: 'INV-9', Reference3: 'FF-SJ-1042' });
    expect(sides(doc)).toEqual([
      { target: '210200', debit: 80000, credit: undefined },
      { target: 'BP:T20003', debit: undefined, credit: 80000 },
    ]);
  });

  it('maps a cash advance: debit the transporter, credit the chosen petty cash ledger', () => {
    const doc = rules.cashAdvance({
      key: 'FF-CA-3',
      amount: '0.10',
      transporterCode: 'T20001',
      pettyCashAccount: '110102',
      ...dates,
    });
    expectBalanced(doc);
    expect(sides(doc)).toEqual([
      { target: 'BP:T20001', debit: 0.1, credit: undefined },
      { target: '110102', debit: undefined, credit: 0.1 },
    ]);
    expect(doc.payload).not.toHaveProperty('Reference2');
  });

  it('maps a fuel advance: collected quantity x unit price, exact, pickup order in Reference2', () => {
    const doc = rules.fuelAdvance({
      key: 'FF-FA-11',
      transporterCode: 'T20002',
      ledgerAccount: '110103',
      collectedQuantity: '333.333',
      unitPrice: '179.99',
      pickupOrderNumber: 'PO-5521',
      ...dates,
    });
    expectBalanced(doc);
    // 333.333 x 179.99 = 59996.60667 -> 59996.61
    expect(doc.debitTotal).toBe('59996.61');
    expect(doc.payload).toMatchObject({ Reference2: 'PO-5521', Reference3: 'FF-FA-11' });
    expect(sides(doc)).toEqual([
      { target: 'BP:T20002', debit: 59996.61, credit: undefined },
      { target: '110103', debit: undefined, credit: 59996.61 },
    ]);
  });

  it('maps a VAS transaction to one balanced journal with a selling pair and a buying pair', () => {
    const doc = rules.vasTransaction({
      key: 'FF-VAS-5',
      transporterCode: 'T20004',
      supplierCode: 'S30001',
      revenueAccount: '410100',
      costAccount: '510100',
      collectedQuantity: '100',
      sellingUnitPrice: '185.50',
      buyingUnitPrice: '170.25',
      pickupOrderNumber: 'PO-1',
      ...dates,
    });
    expectBalanced(doc);
    expect(sides(doc)).toEqual([
      { target: 'BP:T20004', debit: 18550, credit: undefined },
      { target: '410100', debit: undefined, credit: 18550 },
      { target: '510100', debit: 17025, credit: undefined },
      { target: 'BP:S30001', debit: undefined, credit: 17025 },
    ]);
    expect(doc.payload).toMatchObject({ Reference2: 'PO-1', Reference3: 'FF-VAS-5' });
  });

  it('leaves out a VAS pair whose total is zero and refuses when both are', () => {
    const base = {
      key: 'FF-VAS-6',
      transporterCode: 'T20004',
      supplierCode: 'S30001',
      revenueAccount: '410100',
      costAccount: '510100',
      collectedQuantity: '2',
      sellingUnitPrice: '10',
      buyingUnitPrice: '0',
      pickupOrderNumber: 'PO-1',
      ...dates,
    };
    expect(linesOf(rules.vasTransaction(base))).toHaveLength(2);
    expect(() => rules.vasTransaction({ ...base, collectedQuantity: '0' })).toThrow(PostingRuleError);
  });

  it('keeps cents exact where binary floats would not', () => {
    expect(lineTotal('3', '0.1')).toBe('0.30');
    expect(lineTotal('1.005', '1')).toBe('1.01');
    expect(lineTotal('0.5', '0.01')).toBe('0.01');
    const doc = rules.cashAdvance({
      key: 'FF-CA-1',
      amount: '1234567890.99',
      transporterCode: 'T20001',
      pettyCashAccount: '110101',
      ...dates,
    });
    expect(linesOf(doc)[0]!.Debit).toBe(1234567890.99);
  });

  it('refuses bad input before anything is sent', () => {
    const cash = {
      key: 'FF-CA-1',
      amount: '10.00',
      transporterCode: 'T20001',
      pettyCashAccount: '110101',
      ...dates,
    };
    expect(() => rules.cashAdvance({ ...cash, amount: '10.001' })).toThrow(/more than 2 decimals/);
    expect(() => rules.cashAdvance({ ...cash, amount: '0' })).toThrow(/greater than zero/);
    expect(() => rules.cashAdvance({ ...cash, amount: '-5' })).toThrow(/greater than zero/);
    expect(() => rules.cashAdvance({ ...cash, amount: '1e3' })).toThrow(/not a decimal/);
    expect(() => rules.cashAdvance({ ...cash, postingDate: '2025-02-30' })).toThrow(/not a date/);
    expect(() => rules.cashAdvance({ ...cash, key: 'FF-CA-' + '9'.repeat(30) })).toThrow(/27 characters/);
    expect(() => rules.cashAdvance({ ...cash, transporterCode: ' ' })).toThrow(/transporter code is missing/);
    expect(() =>
      rules.salesInvoice({ key: 'FF-SI-123456', customerCode: 'C10001', amount: '1.00', ...dates }),
    ).toThrow(/11 characters/);
    expect(() => rules.cashAdvance({ ...cash, amount: '1000000000000.00' })).toThrow(/too large/);
  });

  it('cuts free text to the field sizes but never a reference', () => {
    const long = 'x'.repeat(300);
    const doc = rules.cashAdvance({
      key: 'FF-CA-1',
      amount: '10.00',
      transporterCode: 'T20001',
      pettyCashAccount: '110101',
      memo: long,
      ...dates,
    });
    expect(doc.entity === 'JournalEntries' && doc.payload.Memo).toHaveLength(50);
    expect(linesOf(doc)[0]!.LineMemo).toHaveLength(50);
    expect(() =>
      rules.firstJournal({ key: 'FF-FJ-1', amount: '1.00', supplierInvoiceNumber: long, ...dates }),
    ).toThrow(/100 characters/);
  });

  it('uses the configured accounts', () => {
    const custom = createPostingRules({
      freightRevenue: '4000',
      transportCost: '5000',
      accruedTransporterCosts: '2100',
    });
    expect(
      sides(
        custom.firstJournal({ key: 'FF-FJ-1', amount: '1.00', supplierInvoiceNumber: 'S1', ...dates }),
      ).map((s) => s.target),
    ).toEqual(['5000', '2100']);
    const invoice = custom.salesInvoice({ key: 'FF-SI-1', customerCode: 'C1', amount: '1.00', ...dates });
    expect(invoice.entity === 'Invoices' && invoice.payload.DocumentLines[0]!.AccountCode).toBe('4000');
  });

  it('defaults the posting accounts to the simulator chart, where they are postable', () => {
    const env = loadEnv({});
    expect([
      env.SAP_ACCOUNT_FREIGHT_REVENUE,
      env.SAP_ACCOUNT_TRANSPORT_COST,
      env.SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS,
    ]).toEqual(Object.values(DEFAULT_SAP_POSTING_ACCOUNTS));
    for (const code of Object.values(DEFAULT_SAP_POSTING_ACCOUNTS)) {
      expect(SEED_ACCOUNTS.find((a) => a.Code === code)).toMatchObject({
        ActiveAccount: 'tYES',
        FrozenFor: 'tNO',
      });
    }
  });
});
