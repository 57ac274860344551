import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import type { PostingRows } from './use-posting-rows';

type AnyPostingRows = Pick<PostingRows<any, any>, 'draftOf' | 'setDraft'>;

const PostingRowsContext = createContext<AnyPostingRows | null>(null);

export type PostingRowsProviderProps = {
  /** What `usePostingRows` returned. */
  posting: AnyPostingRows;
  children: ReactNode;
};

/**
 * Gives the `draftColumn` cells of the DataTable inside it their row's draft. Each draft change re-renders
 * only the inputs of the row that changed; the table's columns and rows stay as they are.
 */
export function PostingRowsProvider({ posting, children }: PostingRowsProviderProps) {
  const { draftOf, setDraft } = posting;
  const value = useMemo(() => ({ draftOf, setDraft }), [draftOf, setDraft]);
  return <PostingRowsContext.Provider value={value}>{children}</PostingRowsContext.Provider>;
}

/** Sets some of the row's draft fields; a row that stops being ready leaves the selection. */
export type SetRowDraft<D> = (patch: Partial<D>) => void;

type DraftMeta<T, D> = { render: (row: T, draft: D, setDraft: SetRowDraft<D>) => ReactNode };

function DraftCell<T extends { id: number }, D>({ row, column }: CellContext<T, unknown>) {
  const posting = useContext(PostingRowsContext);
  const { render } = column.columnDef.meta as DraftMeta<T, D>;
  const record = row.original;
  const draft = posting?.draftOf(record) as D;
  const setDraft = posting?.setDraft;
  // The same element while this row's draft is unchanged: React then skips re-rendering the input.
  return useMemo(() => {
    if (!setDraft)
      throw new Error('A draftColumn needs <PostingRowsProvider posting={...}> around its DataTable.');
    return render(record, draft, (patch) => setDraft(record.id, patch));
  }, [render, record, draft, setDraft]);
}

export type DraftColumnOptions<T, D> = {
  id: string;
  header: string;
  /** The row's input: `(row, draft, setDraft) => <TextInput value={draft.x} onChange={(e) => setDraft({ x: ... })} />`. */
  render: (row: T, draft: D, setDraft: SetRowDraft<D>) => ReactNode;
  /** Column width in px when pinned. */
  size?: number;
};

/**
 * A column whose cell edits the row's draft (posting date, supplier invoice number, ledger...), read from
 * the nearest `PostingRowsProvider`. Build these columns once (module constant or `useMemo` without the
 * drafts): typing re-renders one row's input, not the whole table. Not searchable or sortable: the value is
 * the user's, not the record's.
 */
export function draftColumn<T extends { id: number }, D>({
  id,
  header,
  render,
  size,
}: DraftColumnOptions<T, D>): ColumnDef<T, unknown> {
  return {
    id,
    header,
    enableSorting: false,
    enableGlobalFilter: false,
    ...(size ? { size } : {}),
    cell: DraftCell as (context: CellContext<T, unknown>) => ReactNode,
    meta: { render } satisfies DraftMeta<T, D>,
  };
}
