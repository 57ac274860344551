import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { columnIdOf } from '@/components/data-table/compact-layout';

/**
 * What a posting list's row shows at phone width (issue 26, defect 1), the others going into its details:
 * the trip (the kind's left-pinned columns), the amount (the registry's `amountField` when it is a column)
 * and the columns the user fills in (`draftColumn`s: the posting date, ledger, supplier invoice number...),
 * which the row needs before it can be selected. The same rule for every kind.
 */
export function compactPostingColumns(
  columns: readonly ColumnDef<any, any>[],
  pinning: { left?: string[] } | undefined,
  amountField: string,
): string[] {
  const ids = columns.map(columnIdOf).filter((id): id is string => id !== undefined);
  const inputs = columns
    .filter((column) => (column.meta as { render?: unknown } | undefined)?.render !== undefined)
    .map(columnIdOf)
    .filter((id): id is string => id !== undefined);
  const wanted = [...(pinning?.left ?? []), ...(ids.includes(amountField) ? [amountField] : []), ...inputs];
  return [...new Set(wanted)].filter((id) => ids.includes(id));
}

/** `compactPostingColumns`, memoised on the list's columns. */
export const useCompactPostingColumns = (
  columns: readonly ColumnDef<any, any>[],
  pinning: { left?: string[] } | undefined,
  amountField: string,
) => useMemo(() => compactPostingColumns(columns, pinning, amountField), [columns, pinning, amountField]);
