import { and, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The order of a list and the keyset that continues it (docs/decisions/013-server-side-lists.md). A list is
 * ordered by the chosen field, then document date, then id, so every row has one place and pages are stable;
 * empty values come last in both directions. The full-array form reads the list in chunks, each starting
 * after the last row of the one before (`keysetAfter`), so no chunk costs more than its own rows on the
 * default order, and no transaction or connection is held between chunks.
 */

/** One key of a list's order: the expression, its direction, and whether it may be null. */
export type OrderKey = { expr: SQL | PgColumn; desc: boolean; nullable: boolean };

/** A column's key: nullable unless the column is NOT NULL. */
export const columnKey = (column: PgColumn, desc = false): OrderKey => ({
  expr: column,
  desc,
  nullable: !column.notNull,
});

/**
 * The keys of a list sorted by `sort` (none: the default order), the tie-breakers document date and id
 * appended unless the sort already is one of them.
 */
export function orderKeys(sort: OrderKey | undefined, documentDate: PgColumn, id: PgColumn): OrderKey[] {
  if (sort?.expr === id) return [sort];
  const keys: OrderKey[] = sort ? [sort] : [];
  if (sort?.expr !== documentDate) keys.push(columnKey(documentDate));
  keys.push(columnKey(id));
  return keys;
}

/**
 * ORDER BY terms. A nullable key puts nulls last both ways; a NOT NULL key is written plainly, so an index on
 * it serves the order forwards and backwards.
 */
export const orderTerms = (keys: readonly OrderKey[]): SQL[] =>
  keys.map(({ expr, desc, nullable }) => {
    if (!nullable) return desc ? sql`${expr} desc` : sql`${expr} asc`;
    return desc ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
  });

/** The keys as text, selected after a row's fields: the keyset of the next chunk is read from the last row. */
export const keyColumns = (keys: readonly OrderKey[]): Record<string, SQL<string | null>> =>
  Object.fromEntries(keys.map(({ expr }, i) => [`__key${i}`, sql<string | null>`(${expr})::text`]));

const FALSE = sql`false`;

/** Rows strictly after `value` on one key (nulls last): none after a null. */
function beyond({ expr, desc, nullable }: OrderKey, value: unknown): SQL {
  if (value === null) return FALSE;
  const strict = desc ? sql`${expr} < ${value}` : sql`${expr} > ${value}`;
  return nullable ? sql`(${strict} or ${expr} is null)` : strict;
}

const same = ({ expr }: OrderKey, value: unknown): SQL =>
  value === null ? sql`${expr} is null` : sql`${expr} = ${value}`;

/**
 * The rows after the row whose keys are `last` (their text, as `keyColumns` read them), in the order of
 * `keys`. When every key is NOT NULL and runs one way it is a row comparison, `(document_date, id) > (...)`,
 * which the document date index bounds; otherwise the lexicographic expansion, bounded by the first key when
 * it is NOT NULL.
 */
export function keysetAfter(keys: readonly OrderKey[], last: readonly unknown[]): SQL {
  const first = keys[0]!;
  const oneWay = keys.every((k) => !k.nullable && k.desc === first.desc);
  if (oneWay) {
    const row = sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    const values = sql.join(
      last.map((v) => sql`${v}`),
      sql`, `,
    );
    return first.desc ? sql`(${row}) < (${values})` : sql`(${row}) > (${values})`;
  }
  const branches = keys.map((key, i) =>
    and(...keys.slice(0, i).map((k, j) => same(k, last[j])), beyond(key, last[i]))!,
  );
  const after = or(...branches)!;
  if (first.nullable || last[0] === null) return after;
  const bound = first.desc ? sql`${first.expr} <= ${last[0]}` : sql`${first.expr} >= ${last[0]}`;
  return and(bound, after)!;
}
