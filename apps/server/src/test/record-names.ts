import { eq } from 'drizzle-orm';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import type { Database } from '../db/client.js';
import { SERVER_KINDS } from '../modules/records/kinds/index.js';

/**
 * Tests only: how messages a user reads name a record (issue 11), `TRP-2026-003976 (sales invoice)`, from the
 * stored row's trip number (in the kind's table, from the server registry); `#<id> (<noun>)` for a row that
 * does not exist or has no trip number.
 */
export async function recordNameOf(
  h: { database: Database },
  kind: RecordKindName,
  id: number,
): Promise<string> {
  const table = SERVER_KINDS[kind].table;
  const [row] = await h.database.db
    .select({ tripNumber: table.tripNumber })
    .from(table)
    .where(eq(table.id, id));
  const trip = row?.tripNumber;
  return `${typeof trip === 'string' && trip ? trip : `#${id}`} (${RECORD_KINDS_PLAIN[kind].noun.one})`;
}

/** `{id, message}` of a refused row as a post answers it: `TRP-... (<noun>): <reason>`. */
export async function rowFailureOf(
  h: { database: Database },
  kind: RecordKindName,
  id: number,
  reason: string,
) {
  return { id, message: `${await recordNameOf(h, kind, id)}: ${reason}` };
}
