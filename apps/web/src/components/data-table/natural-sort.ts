import type { SortingFn } from '@tanstack/react-table';

// Natural order ("TRP-2" before "TRP-10"), case-insensitive; far cheaper per comparison than
// table-core's regex-based `alphanumeric`, which matters when 10,000 rows are sorted on a click.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Empty values sort before any value (so they come last in descending order). */
export function compareValues(a: unknown, b: unknown): number {
  if (isEmpty(a)) return isEmpty(b) ? 0 : -1;
  if (isEmpty(b)) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator.compare(String(a), String(b));
}

export const naturalSort: SortingFn<any> = (rowA, rowB, columnId) =>
  compareValues(rowA.getValue(columnId), rowB.getValue(columnId));
