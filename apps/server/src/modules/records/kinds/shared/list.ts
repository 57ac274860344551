import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../../db/client.js';

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
    toPost: (status) => inArray(status, ['unposted', 'failed'])!,
    inRange(column, range, ...more) {
      const parts: SQL[] = [...more];
      if (range.start) parts.push(gte(column, range.start));
      if (range.endExclusive) parts.push(lt(column, range.endExclusive));
      return and(...parts);
    },
  };
}

/** The list's status column as the row carries it: only rows still to post are listed. */
export const listedStatus = (status: PgColumn) => sql<'unposted' | 'failed'>`${status}`;
