import { useMemo } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { formatCount, formatMoney } from '@/lib/format';
import { addDecimal, isDecimal } from './decimal';
import { matchesSearch } from './list-paging';
import type { BlockedRows } from './posting-kind';

/** The exact sum of the amounts (decimal text, never float sums); empty or unreadable amounts count as 0. */
export function sumAmounts(amounts: Iterable<string | null | undefined>): string {
  let total = '0.00';
  for (const amount of amounts) if (isDecimal(amount)) total = addDecimal(total, amount.trim());
  return total;
}

/** The total of one currency's selected rows; `currency` null is the company's local currency. */
export type CurrencyTotal = { currency: string | null; total: string };

/**
 * The exact sum per currency (issue 25): never adds a local amount to a USD one. The local currency (null)
 * first, then the codes in alphabetical order; each row's currency counts even when its amount is empty.
 */
export function sumAmountsByCurrency(
  rows: Iterable<{ amount: string | null | undefined; currency: string | null | undefined }>,
): CurrencyTotal[] {
  const amounts = new Map<string | null, (string | null | undefined)[]>();
  for (const { amount, currency } of rows) {
    const key = currency?.trim() || null;
    amounts.set(key, [...(amounts.get(key) ?? []), amount]);
  }
  return [...amounts.keys()]
    .sort((a, b) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map((currency) => ({ currency, total: sumAmounts(amounts.get(currency)!) }));
}

/** 'Total 12,345.67', or one total per currency: 'Total 12,345.67 · USD 2,500.00'. */
export const totalsText = (totals: readonly CurrencyTotal[]) =>
  `Total ${totals.map(({ total, currency }) => formatMoney(total, currency)).join(' · ')}`;

/** '3 selected · Total 12,345.67' beside the post button (issue 12); one total per currency (issue 25). */
export function SelectionSummary({ count, totals }: { count: number; totals: CurrencyTotal[] | null }) {
  if (count === 0) return null;
  return (
    <Text size="sm" fw={500} aria-live="polite" data-testid="selection-summary">
      {`${formatCount(count)} selected`}
      {totals !== null && totals.length > 0 && ` · ${totalsText(totals)}`}
    </Text>
  );
}

/**
 * The selected rows this user may not post (VAS: a loss without Post Loss), named, with a button that
 * deselects them so the others can be posted (issue 12, defect 7).
 */
export function BlockedRowsAlert({ blocked, onDeselect }: { blocked: BlockedRows; onDeselect: () => void }) {
  return (
    <Alert color="yellow" title="Warning" role="alert">
      <Text size="sm" mb="xs">
        {`${blocked.message} ${blocked.names.join(', ')}.`}
      </Text>
      <Button size="xs" variant="default" onClick={onDeselect}>
        Deselect the loss rows
      </Button>
    </Alert>
  );
}

/** How many selected rows the search lists (the counter's 'N of M records selected'), on any page. */
export function useSelectedMatching(
  selectedRows: readonly { row: object }[],
  searchFields: readonly string[],
  search: string | undefined,
): number {
  return useMemo(
    () =>
      search
        ? selectedRows.filter(({ row }) => matchesSearch(row, searchFields, search)).length
        : selectedRows.length,
    [selectedRows, searchFields, search],
  );
}
