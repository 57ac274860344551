/**
 * The state behind usePostingRows (use-posting-rows.ts) and the pure steps that change it: every row seen with
 * its draft, the selection, bringing a new page in, adding rows and dropping them. No React here.
 */

/** A row's saved state when it is first seen. */
export type SavedRow = 'selected' | 'touched' | null;

/**
 * Every row seen (`rows`, in the order first seen), the drafts of those rows, the selection, and the page
 * and context last brought in (a render with the same ones changes nothing).
 */
export type PostingState<T, D> = {
  rows: ReadonlyMap<string, T>;
  drafts: Record<string, D>;
  selection: Record<string, boolean>;
  page: readonly T[] | undefined;
  context: unknown;
  touched: Record<string, true>;
};

/** The selection of nothing: an empty state starts with it, and clearing hands it back. */
export const EMPTY_SELECTION: Record<string, boolean> = {};

/** An empty state: nothing seen, nothing selected. */
export const emptyPostingState = <T, D>(): PostingState<T, D> => ({
  rows: new Map(),
  drafts: {},
  selection: EMPTY_SELECTION,
  page: undefined,
  context: undefined,
  touched: {},
});

/** Adds or refreshes rows (a reloaded row may come back failed); new ones get their initial draft. */
export function mergeRows<T extends { id: number }, D>(
  state: PostingState<T, D>,
  incoming: readonly T[],
  initialDraft: (row: T) => D,
): PostingState<T, D> {
  let rows: Map<string, T> | undefined;
  let drafts: Record<string, D> | undefined;
  for (const row of incoming) {
    const id = String(row.id);
    if (state.rows.get(id) !== row) (rows ??= new Map(state.rows)).set(id, row);
    if (state.drafts[id] === undefined && drafts?.[id] === undefined) {
      (drafts ??= { ...state.drafts })[id] = initialDraft(row);
    }
  }
  if (!rows && !drafts) return state;
  return { ...state, rows: rows ?? state.rows, drafts: drafts ?? state.drafts };
}

/** The selection without rows that are gone or no longer ready; the same object when none is dropped. */
function readySelection<T, D>(
  state: PostingState<T, D>,
  isReady: (row: T, draft: D) => boolean,
): Record<string, boolean> {
  let selection: Record<string, boolean> | undefined;
  for (const id of Object.keys(state.selection)) {
    const row = state.rows.get(id);
    const draft = state.drafts[id];
    if (row !== undefined && draft !== undefined && isReady(row, draft)) continue;
    if (!selection) selection = { ...state.selection };
    delete selection[id];
  }
  return selection ?? state.selection;
}

/**
 * Brings a new page (or context) in: its rows join those seen (a row seen before gets its new values and
 * keeps its draft), and only ready rows stay selected, on any page. Returns `state` itself when the page
 * and context are the ones already brought in, so the hook can tell during render whether an update is
 * needed. A page of `undefined` (the first load runs) leaves rows and drafts alone.
 */
export function reconcilePostingState<T extends { id: number }, D>(
  state: PostingState<T, D>,
  page: readonly T[] | undefined,
  context: unknown,
  initialDraft: (row: T) => D,
  isReady: (row: T, draft: D) => boolean,
  saved?: (row: T) => SavedRow,
): PostingState<T, D> {
  if (page === state.page && context === state.context) return state;
  const merged = page ? mergeRows(state, page, initialDraft) : state;
  let selection = readySelection(merged, isReady);
  let touched = merged.touched;
  if (page && saved) {
    for (const row of page) {
      const id = String(row.id);
      if (state.drafts[id] !== undefined || merged.drafts[id] === undefined) continue;
      const was = saved(row);
      if (!was) continue;
      touched = { ...touched, [id]: true };
      if (was === 'selected' && isReady(row, merged.drafts[id])) selection = { ...selection, [id]: true };
    }
  }
  return { ...merged, selection, touched, page, context };
}

/** The state without the rows `drop` names. */
export function without<T, D>(state: PostingState<T, D>, drop: ReadonlySet<string>): PostingState<T, D> {
  if (drop.size === 0) return state;
  const rows = new Map(state.rows);
  const drafts = { ...state.drafts };
  const selection = { ...state.selection };
  const touched = { ...state.touched };
  for (const id of drop) {
    rows.delete(id);
    delete drafts[id];
    delete selection[id];
    delete touched[id];
  }
  return { ...state, rows, drafts, selection, touched };
}
