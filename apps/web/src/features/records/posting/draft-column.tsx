import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CellContext, ColumnDef, ColumnDefTemplate, HeaderContext } from '@tanstack/react-table';
import type { ExportColumnType } from '@/lib/export/export-columns';
import type { PostingRows } from './use-posting-rows';

type AnyPostingRows = Pick<PostingRows<any, any>, 'draftOf' | 'setDraft'>;
type DraftAccess = AnyPostingRows & { context: unknown };

const PostingRowsContext = createContext<DraftAccess | null>(null);

export type PostingRowsProviderProps = {
  /** What `usePostingRows` returned. */
  posting: AnyPostingRows;
  /** The screen's shared data the inputs read (account options...): `render`'s fourth argument. */
  context?: unknown;
  children: ReactNode;
};

/**
 * Gives the `draftColumn` cells of the DataTable inside it their row's draft. Each draft change re-renders
 * only the inputs of the row that changed; the table's columns and rows stay as they are.
 */
export function PostingRowsProvider({ posting, context, children }: PostingRowsProviderProps) {
  const { draftOf, setDraft } = posting;
  const value = useMemo(() => ({ draftOf, setDraft, context }), [draftOf, setDraft, context]);
  return <PostingRowsContext.Provider value={value}>{children}</PostingRowsContext.Provider>;
}

/** Sets some of the row's draft fields; a row that stops being ready leaves the selection. */
export type SetRowDraft<D> = (patch: Partial<D>) => void;

/** A draft cell's content: the row, its draft, a setter for the draft and the screen's shared data. */
export type RenderDraftCell<T, D, C = unknown> = (
  row: T,
  draft: D,
  setDraft: SetRowDraft<D>,
  context: C,
) => ReactNode;

type DraftMeta<T, D, C> = {
  render: RenderDraftCell<T, D, C>;
  exportValue?: (row: T, draft: D, context: C) => unknown;
  exportType?: ExportColumnType;
  exportHeader?: string;
};

function DraftCell<T extends { id: number }, D, C>({ row, column }: CellContext<T, unknown>) {
  const posting = useContext(PostingRowsContext);
  const { render } = column.columnDef.meta as DraftMeta<T, D, C>;
  const record = row.original;
  const draft = posting?.draftOf(record) as D;
  const setDraft = posting?.setDraft;
  const context = posting?.context as C;
  // The same element while this row's draft (and the screen's data) is unchanged: React then skips
  // re-rendering the input.
  return useMemo(() => {
    if (!setDraft)
      throw new Error('A draftColumn needs <PostingRowsProvider posting={...}> around its DataTable.');
    return render(record, draft, (patch) => setDraft(record.id, patch), context);
  }, [render, record, draft, setDraft, context]);
}

export type DraftColumnOptions<T, D, C = unknown> = {
  id: string;
  /** The header text, or a component (a header with a tooltip). */
  header: string | ColumnDefTemplate<HeaderContext<T, unknown>>;
  /** The row's input: `(row, draft, setDraft) => <TextInput value={draft.x} onChange={(e) => setDraft({ x: ... })} />`. */
  render: RenderDraftCell<T, D, C>;
  /** Column width in px when pinned. */
  size?: number;
  /** What an export writes for the row (issue 12: the values typed in); without it the column is not exported. */
  exportValue?: (row: T, draft: D, context: C) => unknown;
  exportType?: ExportColumnType;
  /** The exported header when `header` is a component. */
  exportHeader?: string;
};

/**
 * A column whose cell edits the row's draft (posting date, supplier invoice number, ledger...), read from
 * the nearest `PostingRowsProvider`. Build these columns once (module constant or `useMemo` without the
 * drafts): typing re-renders one row's input, not the whole table. Not searchable or sortable: the value is
 * the user's, not the record's. A cell that shows a figure derived from the draft is a draftColumn too.
 */
export function draftColumn<T extends { id: number }, D, C = unknown>({
  id,
  header,
  render,
  size,
  exportValue,
  exportType,
  exportHeader,
}: DraftColumnOptions<T, D, C>): ColumnDef<T, unknown> {
  return {
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    ...(size ? { size } : {}),
    cell: DraftCell as (context: CellContext<T, unknown>) => ReactNode,
    meta: { render, exportValue, exportType, exportHeader } satisfies DraftMeta<T, D, C>,
  };
}
