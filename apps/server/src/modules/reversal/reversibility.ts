import { kindOfCode, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import type { StepNow } from './reversal-postings.repository.js';
import { createReversalRepository } from './reversal.repository.js';

/** How messages name a record: its trip number (or `#id` without one) and its kind's noun. */
export const recordName = (name: RecordKindName, recordId: number, tripNumber: string | null) =>
  `${tripNumber || `#${recordId}`} (${RECORD_KINDS_PLAIN[name].noun.one})`;

export type Reversibility = { reversible: boolean; reason: string | null };

/**
 * Why a posting of this generation cannot be reversed now (null: it can), from its record step's state:
 * it must be the current generation and posted, with no reversal running and nothing posted on top of it
 * (a first journal's second journal).
 */
export function refusalOf(generation: number, now: StepNow): { status: 409 | 422; reason: string } | null {
  if (now.generation !== generation) return { status: 422, reason: 'this posting was already reversed.' };
  if (now.status === 'reversing') return { status: 409, reason: 'a reversal of it is already running.' };
  if (now.status !== 'posted')
    return { status: 422, reason: 'it is not posted, so there is nothing to reverse.' };
  const what = (name: RecordKindName) =>
    name === 'secondJournal' ? 'second journal' : RECORD_KINDS_PLAIN[name].noun.one;
  const standing = now.dependents.find((d) =>
    ['posted', 'posting', 'queued', 'reversing'].includes(d.status),
  );
  if (standing) return { status: 422, reason: `reverse its ${what(standing.name)} first.` };
  // A dependent that failed unconfirmed may be in SAP: the sweeper marks it posted when it finds it, and it
  // would then stand on a cancelled document. Wait for the look-up (a sweep, within a minute) to settle it.
  const unconfirmed = now.dependents.find((d) => d.status === 'failed' && d.unconfirmed);
  if (unconfirmed)
    return {
      status: 409,
      reason: `its ${what(unconfirmed.name)} was not confirmed by SAP and is being checked; try again in a minute.`,
    };
  return null;
}

/** Capitalised, for a reason shown on its own (the history drawer): "Reverse its second journal first." */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether the posting of `kind` (internal name or stored code), record and generation can be reversed now, and
 * if not, why (for the posting history's detail; the user's permission is the caller's to check).
 */
export async function reversibility(
  db: Db,
  kind: string,
  recordId: number,
  generation: number,
): Promise<Reversibility> {
  const name = (kind in POSTING_STEPS ? kind : kindOfCode(kind)) as RecordKindName | undefined;
  if (!name) return { reversible: false, reason: 'Unknown record kind.' };
  const now = await createReversalRepository(db).stepNow(POSTING_STEPS[name], recordId);
  if (!now) return { reversible: false, reason: 'The record no longer exists.' };
  const refusal = refusalOf(generation, now);
  return refusal
    ? { reversible: false, reason: sentence(refusal.reason) }
    : { reversible: true, reason: null };
}
