import type { ReactNode } from 'react';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import { FailedRowBadge } from './failed-row-badge';

type EditableMeta<T> = { renderInput: (row: T) => ReactNode };

/**
 * One stable cell component for every input column. DataTable renders a cell function as a component, so a
 * cell written inline would be a new component type whenever the columns are rebuilt (on every draft
 * change) and its input would remount and lose focus at each keystroke. This component stays the same and
 * calls the column's current `renderInput`, so React only updates the input.
 */
function EditableCell<T>({ row, column }: CellContext<T, unknown>) {
  const meta = column.columnDef.meta as EditableMeta<T> | undefined;
  return <>{meta?.renderInput(row.original)}</>;
}

export type EditableColumnOptions<T> = {
  id: string;
  header: string;
  /** The row's input, from the current drafts: `(row) => <TextInput value={draftOf(row).x} ... />`. */
  renderInput: (row: T) => ReactNode;
  /** Column width in px when pinned. */
  size?: number;
};

/**
 * A column holding a per-row input (posting date, supplier invoice number, ledger...). Rebuild the columns
 * when the drafts change (`useMemo(..., [draftOf])`) so the table re-renders the inputs. Not searchable or
 * sortable: the value is the user's, not the record's.
 */
export function editableColumn<T>({
  id,
  header,
  renderInput,
  size,
}: EditableColumnOptions<T>): ColumnDef<T, unknown> {
  return {
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    ...(size ? { size } : {}),
    cell: EditableCell as (context: CellContext<T, unknown>) => ReactNode,
    meta: { renderInput } satisfies EditableMeta<T>,
  };
}

type PostingState = { status: 'unposted' | 'failed'; lastError: string | null };

function PostingStatusCell({ row }: CellContext<PostingState, unknown>) {
  return <FailedRowBadge status={row.original.status} lastError={row.original.lastError} />;
}

/**
 * The 'Status' column: a red 'Failed' badge (reason in its tooltip) on rows whose last post failed, empty
 * otherwise. Searchable as 'failed' and sortable, so failed rows can be found and grouped.
 */
export function postingStatusColumn<T extends PostingState>(): ColumnDef<T, unknown> {
  return {
    id: 'postingStatus',
    header: 'Status',
    accessorFn: (row) => (row.status === 'failed' ? 'Failed' : ''),
    cell: PostingStatusCell as unknown as (context: CellContext<T, unknown>) => ReactNode,
  };
}
