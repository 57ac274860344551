import { describe, expect, it } from 'vitest';
import { inForeignCurrency } from './foreign-currency.js';
import { journal } from './posting-rules.js';

const common = { key: 'FFCA-7', postingDate: '2026-11-27', documentDate: '2026-11-20', memo: 'Trip T-1' };

describe('a document in a foreign currency (issue 25)', () => {
  it('a journal line carries its USD amount as FCDebit/FCCredit and the KES amount at the rate, to the cent', () => {
    const usd = journal(common, [
      { side: { partner: 'V100' }, debit: 123_456n },
      { side: { account: '_SYS00000000187' }, credit: 123_456n },
    ]);
    const document = inForeignCurrency(usd, 'USD', '129.3456');
    // 1,234.56 x 129.3456 = 159,684.903936 -> 159,684.90
    expect(document.payload.JournalEntryLines).toEqual([
      { ShortName: 'V100', FCCurrency: 'USD', FCDebit: 1234.56, Debit: 159684.9 },
      { AccountCode: '_SYS00000000187', FCCurrency: 'USD', FCCredit: 1234.56, Credit: 159684.9 },
    ]);
    expect(document.payload.Reference3).toBe('FFCA-7');
  });

  it('rounds half away from zero, and a journal whose lines round apart still balances in local currency', () => {
    // 0.05 x 0.5 = 0.025 -> 0.03 each; the 0.10 credit is 0.05 -> the debits (0.06) are a cent over.
    const split = journal(common, [
      { side: { partner: 'V1' }, debit: 5n },
      { side: { partner: 'V2' }, debit: 5n },
      { side: { account: '4000' }, credit: 10n },
    ]);
    const lines = inForeignCurrency(split, 'EUR', '0.5').payload.JournalEntryLines as Record<
      string,
      number
    >[];
    expect(lines.map((l) => l.Debit ?? -l.Credit!)).toEqual([0.03, 0.03, -0.06]);
    expect(lines.map((l) => l.FCDebit ?? -l.FCCredit!)).toEqual([0.05, 0.05, -0.1]);
  });

  it('an invoice names its currency and SAP rate; its line amount goes in RowTotalFC, never LineTotal (local)', () => {
    const invoice = {
      entity: 'Invoices' as const,
      referenceField: 'Reference2' as const,
      payload: { CardCode: 'C1', DocumentLines: [{ AccountCode: '4000', LineTotal: 1234.56 }] },
    };
    expect(inForeignCurrency(invoice, 'USD', '129.3456').payload).toEqual({
      CardCode: 'C1',
      DocumentLines: [{ AccountCode: '4000', RowTotalFC: 1234.56 }],
      DocCurrency: 'USD',
      DocRate: 129.3456,
    });
  });
});
