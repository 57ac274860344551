import { getTableName, type Table } from 'drizzle-orm';
import { kindOfCode, type RecordKindCode } from '@ff/contract';
import { SERVER_KINDS } from '../modules/records/kinds/index.js';
import { postingKeyOf } from '../modules/records/kinds/shared/posting-key.js';

/**
 * Tests only: the idempotency key of a record step's posting as the database computes it (from the kind, the
 * source id and the generation, decision 018). Records imported by the harness (`importRecords`) are remembered
 * by table and id, so a test names a key by the step and id it posted; the step's table comes from the server
 * registry (both transporter journals read the transporter invoices).
 */
const sources = new Map<string, string>();

/** Remembers the source ids of records a test imported into `table`. */
export function rememberSources(table: Table, ids: readonly number[], sourceIds: readonly string[]) {
  ids.forEach((id, i) => sources.set(`${getTableName(table)}:${id}`, sourceIds[i]!));
}

/** The key of record `id`'s posting of step `code` in `generation` (1 unless reversed). */
export function keyOf(code: RecordKindCode, id: number | undefined, generation = 1): string {
  const kind = kindOfCode(code)!;
  const sourceId = sources.get(`${getTableName(SERVER_KINDS[kind].table)}:${id}`);
  if (sourceId === undefined)
    throw new Error(`keyOf(${code}, ${id}): no record of that id was imported by this test (importRecords).`);
  return postingKeyOf(kind, sourceId, generation);
}
