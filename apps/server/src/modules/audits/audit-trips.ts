import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { KindTable } from '../records/kinds/shared/kind.js';

/** Record id -> trip number, for the audit text of a posting (rows without a trip number are left out). */
export type TripNumbers = ReadonlyMap<number, string>;

/** The trip numbers rows carry (every kind's table has `trip_number`; VAS rows may leave it empty). */
export function tripNumbersFrom(rows: { id: unknown; tripNumber?: unknown }[]): Map<number, string> {
  const trips = new Map<number, string>();
  for (const row of rows)
    if (typeof row.tripNumber === 'string' && row.tripNumber) trips.set(Number(row.id), row.tripNumber);
  return trips;
}

/**
 * Reads the trip numbers of records the audit text names but the post did not load (rows refused before
 * they were claimed). Only for the audit text: a failure answers no trip numbers rather than failing.
 */
export async function readTripNumbers(db: Db, table: KindTable, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const trip = (table as unknown as { tripNumber: PgColumn }).tripNumber;
  try {
    const rows = await db
      .select({ id: table.id, tripNumber: trip })
      .from(table)
      .where(inArray(table.id, ids));
    return tripNumbersFrom(rows);
  } catch {
    return new Map();
  }
}

/** How an audit line names a record: its trip number and id (`TRP-2026-003976 (#5)`), or the id alone. */
export const recordLabel = (trips: TripNumbers, id: number) => {
  const trip = trips.get(id);
  return trip ? `${trip} (#${id})` : `#${id}`;
};

/** A row's failure message (`#5: reason`) with the record named by its trip number too. */
export const labelledFailure = (trips: TripNumbers, failure: { id: number; message: string }) => {
  const prefix = `#${failure.id}: `;
  return failure.message.startsWith(prefix)
    ? `${recordLabel(trips, failure.id)}: ${failure.message.slice(prefix.length)}`
    : failure.message;
};
