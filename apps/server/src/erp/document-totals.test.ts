import { describe, expect, it } from 'vitest';
import { invoiceTotalsOf, keptTotals, totalsOfAnswer } from './document-totals.js';
import type { SapDocument } from './sap-gateway.js';

/** SAP's VAT and gross of a posted invoice (issue 25), kept in the document's currency, or none. */
const invoice = (payload: Record<string, unknown>): SapDocument => ({
  entity: 'Invoices',
  referenceField: 'Reference2',
  payload: { CardCode: 'C10001', DocumentLines: [{ LineTotal: 1000, VatGroup: 'O1' }], ...payload },
});
const answer = { VatSum: 25549.58, DocTotal: 185234.48, VatSumFc: 197.53, DocTotalFc: 1432.09 };

describe("SAP's totals of a posted document", () => {
  it('reads VatSum/DocTotal and VatSumFc/DocTotalFc as decimal text', () => {
    expect(invoiceTotalsOf(answer)).toEqual({
      local: { vat: '25549.58', gross: '185234.48' },
      foreign: { vat: '197.53', gross: '1432.09' },
    });
    expect(invoiceTotalsOf({ VatSum: 0, DocTotal: 1000 })).toEqual({
      local: { vat: '0.00', gross: '1000.00' },
      foreign: null,
    });
  });

  it("keeps the document currency's: the foreign one when we sent DocCurrency, else the local one", () => {
    expect(totalsOfAnswer(invoice({}), answer)).toEqual({ vat: '25549.58', gross: '185234.48' });
    const usd = invoice({ DocCurrency: 'USD', DocumentLines: [{ RowTotalFC: 1234.56, VatGroup: 'O1' }] });
    expect(totalsOfAnswer(usd, answer)).toEqual({ vat: '197.53', gross: '1432.09' });
  });

  it('keeps none for a journal, an invoice without a VAT group, or figures SAP did not answer', () => {
    const journal: SapDocument = { entity: 'JournalEntries', referenceField: 'Reference3', payload: {} };
    expect(totalsOfAnswer(journal, answer)).toBeNull();
    expect(totalsOfAnswer(invoice({ DocumentLines: [{ LineTotal: 1000 }] }), answer)).toBeNull();
    expect(totalsOfAnswer(invoice({}), { DocEntry: 1, DocNum: 2 })).toBeNull();
    expect(totalsOfAnswer(invoice({}), { VatSum: '160', DocTotal: 1160 })).toBeNull();
    expect(totalsOfAnswer(invoice({}), { VatSum: 1, DocTotal: 1e12 })).toBeNull();
    expect(totalsOfAnswer(invoice({}), null)).toBeNull();
    expect(totalsOfAnswer(invoice({ DocumentLines: 'odd' }), answer)).toBeNull();
    expect(keptTotals(invoice({}), undefined)).toBeNull();
  });
});
