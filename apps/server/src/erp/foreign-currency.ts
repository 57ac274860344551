import { centsToNumber, formatCents, multiplyToCents, numberToCents } from './money.js';
import type { SapDocument } from './sap-gateway.js';

/**
 * A document built in the record's own currency, turned into what SAP takes for a foreign-currency posting
 * (issue 25, docs/decisions/024-currencies.md). Pure: the rate is SAP's for the posting date, read before.
 *
 * - A journal entry: each line's amount becomes its `FCDebit` / `FCCredit` with `FCCurrency`, and its local
 *   `Debit` / `Credit` is that amount x the rate, rounded half away from zero to the cent. Rounding per line may
 *   leave the local sides a cent or two apart; the difference goes to the largest line of the short side, so
 *   the entry balances in both currencies, as SAP requires.
 * - An A/R or A/P invoice: `DocCurrency` and SAP's `DocRate` for the day; each line's amount moves from
 *   `LineTotal` (SAP reads it in the local currency, whatever the document's) to `RowTotalFC`, the line total in the
 *   document currency, and SAP computes the local `LineTotal` at the rate.
 */
export function inForeignCurrency(document: SapDocument, currency: string, rate: string): SapDocument {
  const payload = document.payload;
  if (document.entity === 'JournalEntries') {
    const lines = payload.JournalEntryLines as Record<string, unknown>[];
    return { ...document, payload: { ...payload, JournalEntryLines: journalLines(lines, currency, rate) } };
  }
  const lines = (payload.DocumentLines as Record<string, unknown>[]).map(({ LineTotal, ...line }) => ({
    ...line,
    RowTotalFC: LineTotal,
  }));
  return {
    ...document,
    payload: { ...payload, DocCurrency: currency, DocRate: Number(rate), DocumentLines: lines },
  };
}

type Side = 'Debit' | 'Credit';
const FC_FIELD = { Debit: 'FCDebit', Credit: 'FCCredit' } as const;

function journalLines(lines: Record<string, unknown>[], currency: string, rate: string) {
  const local = (amount: unknown) => multiplyToCents(formatCents(numberToCents(amount as number)), rate);
  const converted = lines.map((line) => {
    const side: Side = typeof line.Debit === 'number' ? 'Debit' : 'Credit';
    const amount = line[side];
    const { [side]: _fc, ...rest } = line;
    return {
      side,
      cents: local(amount),
      line: { ...rest, FCCurrency: currency, [FC_FIELD[side]]: amount },
    };
  });
  const total = (side: Side) =>
    converted.filter((c) => c.side === side).reduce((sum, c) => sum + c.cents, 0n);
  const difference = total('Debit') - total('Credit');
  if (difference !== 0n) {
    const short: Side = difference > 0n ? 'Credit' : 'Debit';
    const largest = converted.filter((c) => c.side === short).reduce((a, b) => (b.cents > a.cents ? b : a));
    largest.cents += difference > 0n ? difference : -difference;
  }
  return converted.map(({ side, cents, line }) => ({ ...line, [side]: centsToNumber(cents) }));
}
