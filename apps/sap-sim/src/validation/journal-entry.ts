import { sapError } from '../errors.js';
import { JOURNAL_ENTRY } from '../entities.js';
import { formatCents, fromCents, toCents } from '../money.js';
import type { EntityRecord } from '../records.js';
import type { SimData } from '../state.js';
import { requireActivePartner, requireOpenPeriod, requirePostableAccount } from './master-data.js';
import { checkBody, num, text, type Fields } from './payload.js';

interface JournalLine {
  fields: Fields;
  debitCents: number;
  creditCents: number;
  /** The G/L account the line really posts to: its AccountCode, or the partner's control account. */
  account: string;
  shortName: string;
}

/** Line rules that need no master data: one side only, no negatives, AccountCode xor ShortName. */
function checkLine(fields: Fields, index: number): Omit<JournalLine, 'account' | 'shortName'> {
  const line = index + 1;
  const debitCents = toCents(num(fields, 'Debit') ?? 0);
  const creditCents = toCents(num(fields, 'Credit') ?? 0);
  if (debitCents < 0 || creditCents < 0) throw sapError('negativeAmount', { line });
  if (debitCents > 0 === creditCents > 0) throw sapError('debitOrCredit', { line });
  const hasAccount = text(fields, 'AccountCode') !== null;
  const hasPartner = text(fields, 'ShortName') !== null;
  if (hasAccount === hasPartner) throw sapError('accountOrShortName', { line });
  return { fields, debitCents, creditCents };
}

/** Validates a JournalEntries POST body and builds the entity SAP would store (without its numbers). */
export function prepareJournalEntry(
  body: Record<string, unknown>,
  data: SimData,
  today: string,
): EntityRecord {
  const { fields, lines: rawLines = [] } = checkBody(body, JOURNAL_ENTRY);
  if (rawLines.length < 2) throw sapError('tooFewJournalLines');
  const checked = rawLines.map(checkLine);

  const debit = checked.reduce((sum, l) => sum + l.debitCents, 0);
  const credit = checked.reduce((sum, l) => sum + l.creditCents, 0);
  if (debit !== credit)
    throw sapError('unbalanced', { debit: formatCents(debit), credit: formatCents(credit) });

  const lines: JournalLine[] = checked.map((line) => {
    const accountCode = text(line.fields, 'AccountCode');
    if (accountCode !== null) {
      requirePostableAccount(data, accountCode);
      return { ...line, account: accountCode, shortName: accountCode };
    }
    const cardCode = text(line.fields, 'ShortName') as string;
    const partner = requireActivePartner(data, cardCode);
    requirePostableAccount(data, partner.DebitorAccount);
    return { ...line, account: partner.DebitorAccount, shortName: cardCode };
  });

  const referenceDate = text(fields, 'ReferenceDate') ?? today;
  requireOpenPeriod(data, referenceDate);
  const dueDate = text(fields, 'DueDate') ?? referenceDate;
  const memo = text(fields, 'Memo');
  const reference = text(fields, 'Reference');
  const reference2 = text(fields, 'Reference2');

  return {
    ReferenceDate: referenceDate,
    DueDate: dueDate,
    TaxDate: text(fields, 'TaxDate') ?? referenceDate,
    Memo: memo,
    Reference: reference,
    Reference2: reference2,
    Reference3: text(fields, 'Reference3'),
    OriginalJournal: 'ttJournalEntry',
    // SAP fills blank line memo and references from the header, and returns ShortName on every line.
    JournalEntryLines: lines.map((line, index) => ({
      Line_ID: index,
      AccountCode: line.account,
      ShortName: line.shortName,
      Debit: fromCents(line.debitCents),
      Credit: fromCents(line.creditCents),
      DueDate: text(line.fields, 'DueDate') ?? dueDate,
      LineMemo: text(line.fields, 'LineMemo') ?? memo,
      Reference1: text(line.fields, 'Reference1') ?? reference,
      Reference2: text(line.fields, 'Reference2') ?? reference2,
      AdditionalReference: text(line.fields, 'AdditionalReference'),
      CostingCode: text(line.fields, 'CostingCode'),
      CostingCode2: text(line.fields, 'CostingCode2'),
      CostingCode3: text(line.fields, 'CostingCode3'),
    })),
  };
}

/** The reversal a Cancel posts: same dates and references, every line's sides swapped. */
export function reversalOf(original: EntityRecord): EntityRecord {
  const lines = Array.isArray(original.JournalEntryLines) ? original.JournalEntryLines : [];
  return {
    ...original,
    JournalEntryLines: lines.map((line) => ({ ...line, Debit: line.Credit ?? 0, Credit: line.Debit ?? 0 })),
  };
}
