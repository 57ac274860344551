/**
 * Test-only: a list route's answer as the server gives it (packages/contract list-pages.ts), for the fake
 * API of the page tests. With `page` or `perPage` it answers one page `{data, meta: {total, page, perPage}}`
 * of the rows, searched (a case-insensitive substring of one of `searchFields`) and sorted (`field:asc|desc`;
 * numbers as numbers, empty values first); without both, the full array `{data}`.
 */
export function pagedAnswer<T extends object>(
  rows: readonly T[],
  params: Record<string, string>,
  searchFields: readonly string[] = [],
): [number, unknown] {
  if (params.page === undefined && params.perPage === undefined) return [200, { data: rows }];
  const page = Number(params.page ?? 1);
  const perPage = Number(params.perPage ?? 100);
  const needle = (params.search ?? '').trim().toLowerCase();
  const cell = (row: T, field: string) => (row as Record<string, unknown>)[field];
  let matching = needle
    ? rows.filter((row) =>
        searchFields.some((field) =>
          String(cell(row, field) ?? '')
            .toLowerCase()
            .includes(needle),
        ),
      )
    : [...rows];
  if (params.sort) {
    const [field = '', direction] = params.sort.split(':');
    const sign = direction === 'desc' ? -1 : 1;
    matching = matching.sort((a, b) => sign * compare(cell(a, field), cell(b, field)));
  }
  const data = matching.slice((page - 1) * perPage, page * perPage);
  return [200, { data, meta: { total: matching.length, page, perPage } }];
}

function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  const [x, y] = [Number(a), Number(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a).localeCompare(String(b));
}
