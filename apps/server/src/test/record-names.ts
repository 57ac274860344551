import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { storedRow, type RecordKind } from './posting-records.js';

type WithDatabase = Parameters<typeof storedRow>[0];

/** The table (posting-records' short name) each registry kind's rows live in. */
const TABLE_OF: Record<RecordKindName, RecordKind> = {
  salesInvoice: 'sales',
  firstJournal: 'transporter',
  secondJournal: 'transporter',
  cashAdvance: 'cash',
  fuelAdvance: 'fuel',
  vasTransaction: 'vas',
};

/**
 * Tests only: how messages a user reads name a record (issue 11), `TRP-2026-003976 (sales invoice)`, from the
 * stored row's trip number; `#<id> (<noun>)` for a row that does not exist or has no trip number.
 */
export async function recordNameOf(h: WithDatabase, kind: RecordKindName, id: number): Promise<string> {
  const row = await storedRow(h, TABLE_OF[kind], id);
  const trip = row?.tripNumber;
  return `${typeof trip === 'string' && trip ? trip : `#${id}`} (${RECORD_KINDS_PLAIN[kind].noun.one})`;
}

/** `{id, message}` of a refused row as a post answers it: `TRP-... (<noun>): <reason>`. */
export async function rowFailureOf(h: WithDatabase, kind: RecordKindName, id: number, reason: string) {
  return { id, message: `${await recordNameOf(h, kind, id)}: ${reason}` };
}
