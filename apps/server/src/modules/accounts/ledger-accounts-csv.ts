import { parse } from 'csv-parse/sync';
import { ACCOUNT_TYPES } from '@ff/contract';
import type { LedgerAccountValues } from './ledger-accounts.repository.js';

/**
 * The ledger-account CSV: a header with accountNumber, description, accountType, category and optionally
 * isActive, then one account per line. Each line is checked on its own; a bad line is reported with its
 * line number and reason and the others still count.
 */
export const REQUIRED_COLUMNS = ['accountNumber', 'description', 'accountType', 'category'] as const;
const OPTIONAL_COLUMNS = ['isActive'] as const;
const ALL_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

export type CsvRejection = { line: number; reason: string };
export type ParsedLedgerAccounts = {
  rows: (LedgerAccountValues & { line: number })[];
  rejected: CsvRejection[];
};

/** The file as a whole cannot be read (no header, a missing column, broken quoting). */
export class CsvFileError extends Error {
  override readonly name = 'CsvFileError';
}

const ACCOUNT_NUMBER = /^[A-Za-z0-9._-]{1,15}$/;
const TRUE = ['true', 'yes', '1', 'y'];
const FALSE = ['false', 'no', '0', 'n'];

/** The canonical account type for any capitalisation ('Petty Cash' -> 'petty cash'). */
export function canonicalAccountType(value: string): string | undefined {
  return ACCOUNT_TYPES.find((t) => t.toLowerCase() === value.trim().toLowerCase());
}

function checkRow(cells: Record<string, string>): LedgerAccountValues | string {
  const problems: string[] = [];
  const accountNumber = cells.accountNumber ?? '';
  if (!ACCOUNT_NUMBER.test(accountNumber))
    problems.push('accountNumber must be 1 to 15 letters, digits, dots, dashes or underscores');
  const description = cells.description ?? '';
  if (!description) problems.push('description is required');
  else if (description.length > 100) problems.push('description must be at most 100 characters');
  const accountType = canonicalAccountType(cells.accountType ?? '');
  if (!accountType) problems.push(`accountType must be one of: ${ACCOUNT_TYPES.join(', ')}`);
  const category = cells.category ?? '';
  if (!category) problems.push('category is required');
  else if (category.length > 50) problems.push('category must be at most 50 characters');
  const active = (cells.isActive ?? '').toLowerCase();
  if (active && !TRUE.includes(active) && !FALSE.includes(active))
    problems.push('isActive must be true or false');
  if (problems.length) return `${problems.join('; ')}.`;
  return {
    accountNumber,
    description,
    accountType: accountType!,
    category,
    isActive: !FALSE.includes(active),
  };
}

export function parseLedgerAccountsCsv(text: string): ParsedLedgerAccounts {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new CsvFileError(
      `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const [header, ...body] = records;
  if (!header)
    throw new CsvFileError(`The file is empty; it needs a header line with ${REQUIRED_COLUMNS.join(', ')}.`);
  const columns = header.record.map(
    (name) => ALL_COLUMNS.find((c) => c.toLowerCase() === name.toLowerCase()) ?? name,
  );
  const unknown = columns.filter((c) => !ALL_COLUMNS.includes(c));
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (unknown.length || missing.length) {
    const parts = [
      missing.length ? `missing column(s) ${missing.join(', ')}` : '',
      unknown.length ? `unknown column(s) ${unknown.join(', ')}` : '',
    ];
    throw new CsvFileError(
      `The header has ${parts.filter(Boolean).join(' and ')}; the columns are ${REQUIRED_COLUMNS.join(', ')} and optionally isActive.`,
    );
  }

  const rows: ParsedLedgerAccounts['rows'] = [];
  const rejected: CsvRejection[] = [];
  const firstLine = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== columns.length) {
      rejected.push({
        line,
        reason: `The line has ${record.length} values; the header has ${columns.length} columns.`,
      });
      continue;
    }
    const cells = Object.fromEntries(columns.map((c, i) => [c, record[i] ?? '']));
    const checked = checkRow(cells);
    if (typeof checked === 'string') {
      rejected.push({ line, reason: checked });
      continue;
    }
    const seen = firstLine.get(checked.accountNumber);
    if (seen !== undefined) {
      rejected.push({
        line,
        reason: `accountNumber ${checked.accountNumber} already appears on line ${seen}.`,
      });
      continue;
    }
    firstLine.set(checked.accountNumber, line);
    rows.push({ ...checked, line });
  }
  return { rows, rejected };
}
