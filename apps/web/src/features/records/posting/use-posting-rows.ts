import { useCallback, useMemo, useRef, useState } from 'react';
import {
  EMPTY_SELECTION,
  emptyPostingState,
  mergeRows,
  reconcilePostingState,
  without,
  type PostingState,
  type SavedRow,
} from './posting-rows-state';

export { emptyPostingState, reconcilePostingState } from './posting-rows-state';
export type { PostingState, SavedRow } from './posting-rows-state';

/** Every draft carries the row's chosen posting date (null once the user cleared it). */
export type PostingDraft = { postingDate: Date | null };

export type UsePostingRowsOptions<T extends { id: number }, D extends PostingDraft> = {
  /**
   * The rows of the page shown; `undefined` while the first page loads. Every row seen on any page is
   * kept, with its draft, until a date filter leaves it out.
   */
  rows: readonly T[] | undefined;
  /** A row's inputs before the user touched them; called once per row id, when the row is first seen. */
  initialDraft: (row: T) => D;
  /** Whether the row's inputs allow it to be selected (docs/spec/product-spec.md section 5). */
  isReady: (row: T, draft: D) => boolean;
  /**
   * Anything else `isReady` reads (the loaded ledger accounts, say): when it changes, every row's readiness
   * is checked again, so a row becomes selectable as soon as the accounts it needs have loaded.
   */
  context?: unknown;
  /**
   * Whether a row seen for the first time has saved inputs ('touched') or was also selected ('selected'):
   * it counts as touched, and a selected one is selected again if ready.
   */
  saved?: (row: T) => SavedRow;
};

/** What applying values to many rows did. */
export type ApplyOutcome = { applied: number; skipped: number; selected: number };

export type PostingRows<T extends { id: number }, D extends PostingDraft> = {
  /** Drafts of every row seen, keyed by row id. */
  drafts: Record<string, D>;
  draftOf: (row: T) => D;
  /** Merges a change into a row's draft; a row that stops being ready leaves the selection at once. */
  setDraft: (id: number, patch: Partial<D>) => void;
  /** Selected row ids, on every page (only ready rows); pass to DataTable's `rowSelection`. */
  rowSelection: Record<string, boolean>;
  /** DataTable's `onRowSelectionChange`; rows not seen or not ready are dropped. */
  setRowSelection: (next: Record<string, boolean>) => void;
  /** DataTable's `enableRowSelection`. */
  canSelect: (row: T) => boolean;
  /** Every selected row with its draft, on any page, by id: what the post button sends. */
  selectedRows: { row: T; draft: D }[];
  /** Clears the selection; drafts stay. */
  clear: () => void;
  /** Adds rows not on the page ('select all matching'): new ones get their initial draft; `select` selects every ready one. */
  addRows: (rows: readonly T[], options?: { select?: boolean }) => void;
  /** Keeps only the rows `keep` accepts (a new date filter leaves the others out). */
  retain: (keep: (row: T) => boolean) => void;
  /** Ids of the rows whose inputs the user changed (kept as drafts across a reload). */
  touched: Record<string, true>;
  /**
   * Changes the drafts of many rows at once ('Apply to rows'): `patchOf` gives each row's change, or null to
   * leave it. Ready rows stay selected; with `select`, rows that became ready are selected too.
   */
  applyDrafts: (
    ids: readonly string[],
    patchOf: (row: T, draft: D) => Partial<D> | null,
    options?: { select?: boolean },
  ) => ApplyOutcome;
  /** Forgets the user's inputs and selection of these rows (posted). */
  forget: (ids: readonly number[]) => void;
};

/**
 * Per-row inputs and selection of a posting screen (docs/spec/product-spec.md sections 4 and 5) over a
 * server-paged list: a posting date defaulting to now, the screen's other inputs, selection keyed by row id
 * and kept across pages, sorting and search (the row and draft of every row seen are kept, so rows selected
 * on page 1 are posted with their drafts while page 2 is shown), a row selectable only when its inputs are
 * valid, and deselected at once when a required input is cleared.
 */
export function usePostingRows<T extends { id: number }, D extends PostingDraft>({
  rows,
  initialDraft,
  isReady,
  context,
  saved,
}: UsePostingRowsOptions<T, D>): PostingRows<T, D> {
  const [state, setState] = useState<PostingState<T, D>>(emptyPostingState);
  // The callbacks are usually inline lambdas: read the latest ones without making every helper unstable.
  const latest = useRef({ initialDraft, isReady });
  latest.current = { initialDraft, isReady };

  // Adjust state while rendering (React's pattern for state derived from props): no flash of stale drafts.
  const next = reconcilePostingState(state, rows, context, initialDraft, isReady, saved);
  if (next !== state) setState(next);
  const current = useRef(next);
  current.current = next;

  const { drafts, selection, rows: seen } = state;

  const draftOf = useCallback(
    (row: T): D => drafts[String(row.id)] ?? latest.current.initialDraft(row),
    [drafts],
  );

  const canSelect = useCallback((row: T) => latest.current.isReady(row, draftOf(row)), [draftOf]);

  const setDraft = useCallback((id: number, patch: Partial<D>) => {
    setState((previous) => {
      const key = String(id);
      const row = previous.rows.get(key);
      if (!row) return previous;
      const draft = { ...(previous.drafts[key] ?? latest.current.initialDraft(row)), ...patch } as D;
      const drafts = { ...previous.drafts, [key]: draft };
      const touched = previous.touched[key]
        ? previous.touched
        : { ...previous.touched, [key]: true as const };
      if (!previous.selection[key] || latest.current.isReady(row, draft))
        return { ...previous, drafts, touched };
      const { [key]: _dropped, ...selection } = previous.selection;
      return { ...previous, drafts, selection, touched };
    });
  }, []);

  const setRowSelection = useCallback((wanted: Record<string, boolean>) => {
    setState((previous) => {
      const selection: Record<string, boolean> = {};
      for (const [key, selected] of Object.entries(wanted)) {
        const row = previous.rows.get(key);
        if (!selected || !row) continue;
        const draft = previous.drafts[key] ?? latest.current.initialDraft(row);
        if (latest.current.isReady(row, draft)) selection[key] = true;
      }
      return { ...previous, selection };
    });
  }, []);

  const clear = useCallback(() => setState((previous) => ({ ...previous, selection: EMPTY_SELECTION })), []);

  const addRows = useCallback((added: readonly T[], options: { select?: boolean } = {}) => {
    setState((previous) => {
      const merged = mergeRows(previous, added, latest.current.initialDraft);
      if (!options.select) return merged;
      const selection = { ...merged.selection };
      for (const row of added) {
        const key = String(row.id);
        if (latest.current.isReady(row, merged.drafts[key] as D)) selection[key] = true;
      }
      return { ...merged, selection };
    });
  }, []);

  const retain = useCallback((keep: (row: T) => boolean) => {
    setState((previous) => {
      const drop = new Set<string>();
      for (const [id, row] of previous.rows) if (!keep(row)) drop.add(id);
      return without(previous, drop);
    });
  }, []);

  const applyDrafts = useCallback(
    (
      ids: readonly string[],
      patchOf: (row: T, draft: D) => Partial<D> | null,
      options: { select?: boolean } = {},
    ): ApplyOutcome => {
      const previous = current.current;
      const outcome: ApplyOutcome = { applied: 0, skipped: 0, selected: 0 };
      const drafts = { ...previous.drafts };
      const selection = { ...previous.selection };
      const touched = { ...previous.touched };
      for (const key of ids) {
        const row = previous.rows.get(key);
        if (!row) continue;
        const before = drafts[key] ?? latest.current.initialDraft(row);
        const patch = patchOf(row, before);
        if (!patch) {
          outcome.skipped += 1;
          continue;
        }
        const draft = { ...before, ...patch } as D;
        drafts[key] = draft;
        touched[key] = true;
        outcome.applied += 1;
        const ready = latest.current.isReady(row, draft);
        if (!ready) delete selection[key];
        else if (options.select) selection[key] = true;
      }
      outcome.selected = Object.keys(selection).length;
      const nextState = { ...previous, drafts, selection, touched };
      current.current = nextState;
      setState(nextState);
      return outcome;
    },
    [],
  );

  const forget = useCallback((ids: readonly number[]) => {
    setState((previous) => {
      const selection = { ...previous.selection };
      const touched = { ...previous.touched };
      for (const id of ids) {
        delete selection[String(id)];
        delete touched[String(id)];
      }
      return { ...previous, selection, touched };
    });
  }, []);

  // Which rows of the page may be selected. DataTable's body only re-renders when `rowSelection` (or its
  // rows or columns) change, so a new selection object is handed out whenever a row becomes selectable or
  // stops being so: its checkbox then enables or disables without the columns being rebuilt.
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

  const selectedRows = useMemo(() => {
    const out: { row: T; draft: D }[] = [];
    for (const key of Object.keys(selection)) {
      const row = seen.get(key);
      if (row) out.push({ row, draft: drafts[key] ?? latest.current.initialDraft(row) });
    }
    return out;
  }, [selection, seen, drafts]);

  return {
    drafts,
    draftOf,
    setDraft,
    rowSelection,
    setRowSelection,
    canSelect,
    selectedRows,
    clear,
    addRows,
    retain,
    touched: state.touched,
    applyDrafts,
    forget,
  };
}
