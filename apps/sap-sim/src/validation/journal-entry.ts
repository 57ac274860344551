import { sapError } from '../errors.js';
import { JOURNAL_ENTRY } from '../entities.js';
import { formatCents, fromCents, fromMicros, toCents } from '../money.js';
import { toLocalCents } from '../rates.js';
import type { EntityRecord } from '../records.js';
import type { SimData } from '../state.js';
import { requireBranch, requireDistributionRules, requireRate } from './finance.js';
import { requireActivePartner, requireOpenPeriod, requirePostableAccount } from './master-data.js';
import { checkBody, num, text, type Fields } from './payload.js';

interface JournalLine {
  fields: Fields;
  debitCents: number;
  creditCents: number;
  fcDebitCents: number;
  fcCreditCents: number;
  /** The G/L account the line really posts to: its AccountCode, or the partner's control account. */
  account: string;
  shortName: string;
}

/** Where a line's foreign-currency amount is converted: the entry's ReferenceDate, in the company's data. */
interface RateSource {
  data: SimData;
  date: string;
  today: string;
}

type CheckedLine = Omit<JournalLine, 'account' | 'shortName'>;

/**
 * A foreign-currency line (FCCurrency with FCDebit or FCCredit): its local Debit/Credit is round(FC x the rate of
 * ReferenceDate, 2), filled in when omitted and checked when sent.
 */
function convertForeign(
  fields: Fields,
  line: number,
  debitCents: number,
  creditCents: number,
  rates: RateSource,
) {
  const currency = text(fields, 'FCCurrency');
  const fcDebitCents = toCents(num(fields, 'FCDebit') ?? 0);
  const fcCreditCents = toCents(num(fields, 'FCCredit') ?? 0);
  if (fcDebitCents < 0 || fcCreditCents < 0) throw sapError('negativeAmount', { line });
  if (currency === null) {
    if (fcDebitCents > 0 || fcCreditCents > 0) throw sapError('fcAmountWithoutCurrency', { line });
    return { debitCents, creditCents, fcDebitCents, fcCreditCents };
  }
  if (currency === rates.data.company.LocalCurrency) throw sapError('fcCurrencyIsLocal', { line, currency });
  if (fcDebitCents === 0 && fcCreditCents === 0) throw sapError('fcCurrencyWithoutAmount', { line });
  const isDebit = fcDebitCents > 0;
  if ((isDebit && (fcCreditCents > 0 || creditCents > 0)) || (!isDebit && debitCents > 0)) {
    throw sapError('fcSide', { line });
  }
  const micros = requireRate(rates.data, currency, rates.date, rates.today);
  const fc = isDebit ? fcDebitCents : fcCreditCents;
  const expected = toLocalCents(fc, micros);
  const given = isDebit ? debitCents : creditCents;
  if (given > 0 && given !== expected) {
    throw sapError('fcLocalMismatch', {
      line,
      side: isDebit ? 'Debit' : 'Credit',
      local: formatCents(given),
      fc: formatCents(fc),
      currency,
      rate: fromMicros(micros),
      expected: formatCents(expected),
    });
  }
  return isDebit
    ? { debitCents: expected, creditCents: 0, fcDebitCents, fcCreditCents: 0 }
    : { debitCents: 0, creditCents: expected, fcDebitCents: 0, fcCreditCents };
}

/** Line rules that need no master data: one side only, no negatives, AccountCode xor ShortName. */
function checkLine(fields: Fields, index: number, rates: RateSource): CheckedLine {
  const line = index + 1;
  const localDebit = toCents(num(fields, 'Debit') ?? 0);
  const localCredit = toCents(num(fields, 'Credit') ?? 0);
  if (localDebit < 0 || localCredit < 0) throw sapError('negativeAmount', { line });
  const amounts = convertForeign(fields, line, localDebit, localCredit, rates);
  const { debitCents, creditCents } = amounts;
  if (debitCents > 0 === creditCents > 0) throw sapError('debitOrCredit', { line });
  const hasAccount = text(fields, 'AccountCode') !== null;
  const hasPartner = text(fields, 'ShortName') !== null;
  if (hasAccount === hasPartner) throw sapError('accountOrShortName', { line });
  return { fields, ...amounts };
}

/** Validates a JournalEntries POST body and builds the entity SAP would store (without its numbers). */
export function prepareJournalEntry(
  body: Record<string, unknown>,
  data: SimData,
  today: string,
): EntityRecord {
  const { fields, lines: rawLines = [] } = checkBody(body, JOURNAL_ENTRY);
  if (rawLines.length < 2) throw sapError('tooFewJournalLines');
  const referenceDate = text(fields, 'ReferenceDate') ?? today;
  const rates = { data, date: referenceDate, today };
  const checked = rawLines.map((line, index) => checkLine(line, index, rates));

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

  lines.forEach((line, index) => requireDistributionRules(data, line.fields, index + 1));
  const branches = lines.map((line, index) =>
    requireBranch(data, line.fields, 'BPLID', `BPLID of line ${index + 1}`),
  );
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
      CostingCode4: text(line.fields, 'CostingCode4'),
      CostingCode5: text(line.fields, 'CostingCode5'),
      FCCurrency: text(line.fields, 'FCCurrency'),
      FCDebit: fromCents(line.fcDebitCents),
      FCCredit: fromCents(line.fcCreditCents),
      BPLID: branches[index]?.BPLID ?? null,
      BPLName: branches[index]?.BPLName ?? null,
    })),
  };
}

/** The reversal a Cancel posts: same dates and references, every line's sides swapped. */
export function reversalOf(original: EntityRecord): EntityRecord {
  const lines = Array.isArray(original.JournalEntryLines) ? original.JournalEntryLines : [];
  return {
    ...original,
    JournalEntryLines: lines.map((line) => ({
      ...line,
      Debit: line.Credit ?? 0,
      Credit: line.Debit ?? 0,
      // Entries stored before foreign-currency lines existed have no FC sides; they stay without.
      ...('FCDebit' in line ? { FCDebit: line.FCCredit ?? 0, FCCredit: line.FCDebit ?? 0 } : {}),
    })),
  };
}
