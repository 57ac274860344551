import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A half-open range of instants [start, endExclusive), either end open (lib/time.ts `dayRange` makes one). */
export type InstantRange = { start?: Date; endExclusive?: Date };

/** `column` within the range; no condition at all (undefined) when both ends are open. */
export function withinRange(column: PgColumn, range: InstantRange): SQL | undefined {
  return and(
    range.start ? gte(column, range.start) : undefined,
    range.endExclusive ? lt(column, range.endExclusive) : undefined,
  );
}
