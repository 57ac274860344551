import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import type { Db } from '../../../../db/client.js';
import { searchText, TO_POST } from './columns.js';
import { columnKey, keyColumns, keysetAfter, orderKeys, orderTerms, type OrderKey } from './list-order.js';

export type InstantRange = { start?: Date; endExclusive?: Date };

/** A list statement built by drizzle and not yet run: the records repository runs it (records.repository.ts). */
export type ListStatement<R> = PromiseLike<R[]> & {
  toSQL(): { sql: string; params: unknown[] };
  _: { selectedFields: Record<string, unknown> };
};

/**
 * What a kind's list query is written with. Date-times are formatted by PostgreSQL in the application's time
 * zone and money arrives as numeric text, so a 100,000-row answer is shaped without per-row JavaScript work.
 */
export type ListContext = {
  db: Db;
  /** A timestamptz as 'yyyy-MM-dd HH:mm:ss' in the application's time zone. */
  dateTime(column: PgColumn): SQL<string>;
  /** A date as 'yyyy-MM-dd'. */
  day(column: PgColumn): SQL<string | null>;
  /** The row's step is still to post: unposted or failed. */
  toPost(status: PgColumn): SQL;
  /** `column` within the range, and every condition of `more`. */
  inRange(column: PgColumn, range: InstantRange, ...more: SQL[]): SQL | undefined;
};

export function listContext(db: Db, timeZone: string): ListContext {
  return {
    db,
    dateTime: (column) => sql<string>`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    day: (column) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD')`,
    // The partial indexes' own condition, literally (not as parameters), so the planner matches them.
    toPost: (status) => sql`${status} ${TO_POST}`,
    inRange(column, range, ...more) {
      const parts: SQL[] = [...more];
      if (range.start) parts.push(gte(column, range.start));
      if (range.endExclusive) parts.push(lt(column, range.endExclusive));
      return and(...parts);
    },
  };
}

/** The list's status column as the row carries it: only rows still to post are listed. */
const listedStatus = (status: PgColumn) => sql<'unposted' | 'failed'>`${status}`;

type ListedTable = PgTable & { id: PgColumn; documentDate: PgColumn };
/** The step columns a list reads: its posting day, status and error. */
type ListedStep = { postingDate: PgColumn; status: PgColumn; lastError: PgColumn };
/** Row fields written from the step's columns rather than read under their own name. */
type StepFields = {
  documentDate: string;
  postingDate: string | null;
  status: 'unposted' | 'failed';
  lastError: string | null;
};
type RowField<K extends RecordKindName> = (typeof RECORD_KINDS_PLAIN)[K]['rowFields'][number];

/** A list row: each of the registry's row fields, from `extra`, the step, or the table's column of that name. */
export type ListedRow<K extends RecordKindName, T extends PgTable, X> = {
  [F in RowField<K>]: F extends keyof X
    ? X[F]
    : F extends keyof StepFields
      ? StepFields[F]
      : F extends keyof T['$inferSelect']
        ? T['$inferSelect'][F]
        : unknown;
};

/**
 * What a list answer is beside the spec's date range (docs/decisions/013-server-side-lists.md): the sort,
 * the search, one page or one chunk of rows, and the extra columns the repository reads.
 */
export type ListView = {
  /** A row field of the kind (checked before: records/list-view.ts) and its direction. */
  sort?: { field: string; desc: boolean };
  /** The user's search text, trimmed and not blank: a case-insensitive substring of the search text. */
  search?: string;
  limit?: number;
  offset?: number;
  /** The order keys of the last row read (`__key<i>` of `withKeys`): the rows after it (streaming chunks). */
  after?: readonly unknown[];
  /** Also select the order keys as text, after the row fields, as `__key0`, `__key1`, ... */
  withKeys?: boolean;
  /** Also select the count of the rows matching the range and search, as `__total`. */
  withTotal?: boolean;
};

/** The ILIKE pattern of a substring search: `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A step's list query, with the registry's row fields in their order: the document date-time, the step's
 * posting day, status and error, `extra`'s fields, and every other field the table's column of the same name.
 * It lists the rows whose step is still to post (and that meet every condition of `more`) with a document
 * date in the range and, given a search, whose search text (columns.ts `searchText`, the one the trigram
 * index holds) contains it; oldest first, or by the view's sort (list-order.ts). `sortBy` names the column
 * an `extra` field sorts by (its raw value rather than its formatted text).
 */
export function stepList<K extends RecordKindName, T extends ListedTable, X = object>(
  kind: K,
  t: T,
  step: ListedStep,
  options: {
    extra?: { [F in keyof X]: (ctx: ListContext) => SQL<X[F]> };
    sortBy?: { [F in keyof NoInfer<X>]?: PgColumn };
    more?: SQL[];
  } = {},
) {
  const fields = RECORD_KINDS_PLAIN[kind].rowFields as readonly string[];
  const columns = t as unknown as Record<string, PgColumn>;
  const extra = (options.extra ?? {}) as Record<string, ((ctx: ListContext) => SQL) | undefined>;
  const sortBy = (options.sortBy ?? {}) as Record<string, PgColumn | undefined>;
  const search = searchText(kind, t);
  const stepColumns: Record<string, PgColumn> = {
    documentDate: t.documentDate,
    postingDate: step.postingDate,
    status: step.status,
    lastError: step.lastError,
  };

  function sortKey(ctx: ListContext, sort: ListView['sort']): OrderKey | undefined {
    if (!sort) return undefined;
    if (!fields.includes(sort.field)) throw new Error(`${kind} has no row field ${sort.field} to sort by.`);
    const column =
      sortBy[sort.field] ?? stepColumns[sort.field] ?? (extra[sort.field] ? undefined : columns[sort.field]);
    if (column) return columnKey(column, sort.desc);
    return { expr: extra[sort.field]!(ctx), desc: sort.desc, nullable: true };
  }

  return (ctx: ListContext, range: InstantRange, view: ListView = {}): ListStatement<ListedRow<K, T, X>> => {
    const fromStep: Record<string, SQL | PgColumn> = {
      documentDate: ctx.dateTime(t.documentDate),
      postingDate: ctx.day(step.postingDate),
      status: listedStatus(step.status),
      lastError: step.lastError,
    };
    const select: Record<string, SQL | PgColumn> = Object.fromEntries(
      fields.map((field) => [field, extra[field]?.(ctx) ?? fromStep[field] ?? columns[field]!]),
    );
    const keys = orderKeys(sortKey(ctx, view.sort), t.documentDate, t.id);
    const matching = ctx.inRange(
      t.documentDate,
      range,
      ...(options.more ?? []),
      ctx.toPost(step.status),
      ...(view.search ? [sql`${search} ILIKE ${containsPattern(view.search)}`] : []),
    );
    if (view.withKeys) Object.assign(select, keyColumns(keys));
    if (view.withTotal) select.__total = sql<number>`(select count(*)::int from ${t} where ${matching})`;
    const where = view.after ? and(matching, keysetAfter(keys, view.after)) : matching;
    const query = ctx.db
      .select(select)
      .from(t as PgTable)
      .where(where)
      .orderBy(...orderTerms(keys))
      .$dynamic();
    if (view.limit !== undefined) query.limit(view.limit);
    if (view.offset) query.offset(view.offset);
    return query as unknown as ListStatement<ListedRow<K, T, X>>;
  };
}
