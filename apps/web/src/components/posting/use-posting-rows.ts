import { useCallback, useMemo, useRef, useState } from 'react';

/** Every draft carries the row's chosen posting date (null once the user cleared it). */
export type PostingDraft = { postingDate: Date | null };

export type UsePostingRowsOptions<T extends { id: number }, D extends PostingDraft> = {
  /** The listed rows; `undefined` while the first load runs (drafts and selection are then left alone). */
  rows: readonly T[] | undefined;
  /** A row's inputs before the user touched them; called once per row id while the row stays listed. */
  initialDraft: (row: T) => D;
  /** Whether the row's inputs allow it to be selected (docs/spec/product-spec.md section 5). */
  isReady: (row: T, draft: D) => boolean;
  /**
   * Anything else `isReady` reads (the loaded ledger accounts, say): when it changes, every row's readiness
   * is checked again, so a row becomes selectable as soon as the accounts it needs have loaded.
   */
  context?: unknown;
};

export type PostingRows<T extends { id: number }, D extends PostingDraft> = {
  /** Drafts keyed by row id. */
  drafts: Record<string, D>;
  draftOf: (row: T) => D;
  /** Merges a change into a row's draft; a row that stops being ready leaves the selection at once. */
  setDraft: (id: number, patch: Partial<D>) => void;
  /** Selected row ids (only listed, ready rows); pass to DataTable's `rowSelection`. */
  rowSelection: Record<string, boolean>;
  /** DataTable's `onRowSelectionChange`; rows that are not ready are dropped. */
  setRowSelection: (next: Record<string, boolean>) => void;
  /** DataTable's `enableRowSelection`. */
  canSelect: (row: T) => boolean;
  /** The selected rows with their drafts, in list order: what the post button sends. */
  selectedRows: { row: T; draft: D }[];
  /** Clears the selection (after a post); drafts stay for rows still listed. */
  clear: () => void;
};

type State<D> = { drafts: Record<string, D>; selection: Record<string, boolean> };

const EMPTY_SELECTION: Record<string, boolean> = {};

/**
 * Brings drafts and selection in line with the listed rows: new rows get their initial draft, rows that
 * left the list lose theirs, and only listed rows that are ready stay selected. Returns `state` itself when
 * nothing changes, so the hook can tell during render whether an update is needed.
 */
export function reconcilePostingState<T extends { id: number }, D>(
  state: State<D>,
  rows: readonly T[],
  initialDraft: (row: T) => D,
  isReady: (row: T, draft: D) => boolean,
): State<D> {
  let draftsChanged = Object.keys(state.drafts).length !== rows.length;
  const drafts: Record<string, D> = {};
  const byId = new Map<string, T>();
  for (const row of rows) {
    const id = String(row.id);
    byId.set(id, row);
    const existing = state.drafts[id];
    if (existing === undefined) draftsChanged = true;
    drafts[id] = existing ?? initialDraft(row);
  }
  let selectionChanged = false;
  const selection: Record<string, boolean> = {};
  for (const [id, selected] of Object.entries(state.selection)) {
    const row = byId.get(id);
    if (selected && row && isReady(row, drafts[id] as D)) selection[id] = true;
    else selectionChanged = true;
  }
  if (!draftsChanged && !selectionChanged) return state;
  return {
    drafts: draftsChanged ? drafts : state.drafts,
    selection: selectionChanged ? selection : state.selection,
  };
}

/**
 * Per-row inputs and selection of a posting screen (docs/spec/product-spec.md sections 4 and 5): a posting date defaulting to
 * now, the screen's other inputs, selection keyed by row id (kept across search and pages), a row
 * selectable only when its inputs are valid, and deselected at once when a required input is cleared.
 */
export function usePostingRows<T extends { id: number }, D extends PostingDraft>({
  rows,
  initialDraft,
  isReady,
  context,
}: UsePostingRowsOptions<T, D>): PostingRows<T, D> {
  const [state, setState] = useState<State<D>>({ drafts: {}, selection: EMPTY_SELECTION });
  // The callbacks are usually inline lambdas: read the latest ones without making every helper unstable.
  const latest = useRef({ initialDraft, isReady, rowsById: new Map<string, T>() });
  const rowsById = useMemo(() => new Map((rows ?? []).map((row) => [String(row.id), row])), [rows]);
  latest.current = { initialDraft, isReady, rowsById };

  // Adjust state while rendering (React's pattern for state derived from props): no flash of stale drafts.
  if (rows !== undefined) {
    const next = reconcilePostingState(state, rows, initialDraft, isReady);
    if (next !== state) setState(next);
  }

  const { drafts, selection } = state;

  const draftOf = useCallback(
    (row: T): D => drafts[String(row.id)] ?? latest.current.initialDraft(row),
    [drafts],
  );

  const canSelect = useCallback((row: T) => latest.current.isReady(row, draftOf(row)), [draftOf]);

  const setDraft = useCallback((id: number, patch: Partial<D>) => {
    setState((previous) => {
      const key = String(id);
      const row = latest.current.rowsById.get(key);
      if (!row) return previous;
      const draft = { ...(previous.drafts[key] ?? latest.current.initialDraft(row)), ...patch } as D;
      const drafts = { ...previous.drafts, [key]: draft };
      if (!previous.selection[key] || latest.current.isReady(row, draft)) return { ...previous, drafts };
      const { [key]: _dropped, ...selection } = previous.selection;
      return { drafts, selection };
    });
  }, []);

  const setRowSelection = useCallback((next: Record<string, boolean>) => {
    setState((previous) => {
      const selection: Record<string, boolean> = {};
      for (const [key, selected] of Object.entries(next)) {
        const row = latest.current.rowsById.get(key);
        if (!selected || !row) continue;
        const draft = previous.drafts[key] ?? latest.current.initialDraft(row);
        if (latest.current.isReady(row, draft)) selection[key] = true;
      }
      return { ...previous, selection };
    });
  }, []);

  const clear = useCallback(() => setState((previous) => ({ ...previous, selection: EMPTY_SELECTION })), []);

  // Which listed rows may be selected. DataTable's body only re-renders when `rowSelection` (or its rows or
  // columns) change, so a new selection object is handed out whenever a row becomes selectable or stops
  // being so: its checkbox then enables or disables without the columns being rebuilt.
  const readySignature = useMemo(() => {
    void context;
    let signature = '';
    for (const row of rows ?? []) {
      const key = String(row.id);
      if (latest.current.isReady(row, drafts[key] ?? latest.current.initialDraft(row)))
        signature += `${key},`;
    }
    return signature;
  }, [rows, drafts, context]);
  const rowSelection = useMemo(() => {
    void readySignature;
    return { ...selection };
  }, [selection, readySignature]);

  const selectedRows = useMemo(
    () =>
      (rows ?? []).filter((row) => selection[String(row.id)]).map((row) => ({ row, draft: draftOf(row) })),
    [rows, selection, draftOf],
  );

  return {
    drafts,
    draftOf,
    setDraft,
    rowSelection,
    setRowSelection,
    canSelect,
    selectedRows,
    clear,
  };
}
