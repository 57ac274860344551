import { kindOfCode, type RecordKindCode } from '@ff/contract';
import { postingKeyOf } from '../modules/records/kinds/shared/posting-key.js';

/**
 * Tests only: the idempotency key of a record step's posting as the database computes it (from the kind, the
 * source id and the generation, decision 018). Records imported by the harness (`importRecords`) are remembered
 * by table and id, so a test names a key by the step and id it posted.
 */
const TABLE_OF: Record<RecordKindCode, string> = {
  SI: 'sales',
  FJ: 'transporter',
  SJ: 'transporter',
  CA: 'cash',
  FA: 'fuel',
  VAS: 'vas',
};
const sources = new Map<string, string>();

/** Remembers the source ids of records a test imported into the harness's `table` ('cash', 'transporter', ...). */
export function rememberSources(table: string, ids: readonly number[], sourceIds: readonly string[]) {
  ids.forEach((id, i) => sources.set(`${table}:${id}`, sourceIds[i]!));
}

/** The key of record `id`'s posting of step `code` in `generation` (1 unless reversed). */
export function keyOf(code: RecordKindCode, id: number | undefined, generation = 1): string {
  const sourceId = sources.get(`${TABLE_OF[code]}:${id}`);
  if (sourceId === undefined)
    throw new Error(`keyOf(${code}, ${id}): no record of that id was imported by this test (importRecords).`);
  return postingKeyOf(kindOfCode(code)!, sourceId, generation);
}
