/** Page count = filtered rows / page size, rounded up (0 when there are no rows). */
export function pageCount(totalRows: number, pageSize: number): number {
  if (totalRows <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalRows / pageSize);
}

/** Keeps a 0-based page index inside the pages that exist. */
export function clampPageIndex(pageIndex: number, totalRows: number, pageSize: number): number {
  const last = Math.max(pageCount(totalRows, pageSize) - 1, 0);
  return Math.min(Math.max(pageIndex, 0), last);
}

const count = new Intl.NumberFormat('en-US');

/** 'Showing X of Y records': X rows on this page, Y rows after the search. */
export function showingText(rowsOnPage: number, filteredTotal: number): string {
  return `Showing ${count.format(rowsOnPage)} of ${count.format(filteredTotal)} records`;
}

/** 'N of M records selected', or nothing when no shown row is selected. */
export function selectedText(selected: number, filteredTotal: number): string | null {
  if (selected <= 0) return null;
  return `${count.format(selected)} of ${count.format(filteredTotal)} records selected`;
}

/** How many of the given row ids are selected. */
export function countSelected(rowIds: readonly string[], selection: Record<string, boolean>): number {
  let n = 0;
  for (const id of rowIds) if (selection[id]) n += 1;
  return n;
}
