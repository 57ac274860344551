import type { PostResult } from '@ff/contract';
import { labelledFailure, recordLabel, type TripNumbers } from '../audits/audit-trips.js';
import type { PostingStep } from './posting-steps.js';

/** Why a row in this state cannot be claimed. */
export const STATUS_SENTENCE: Record<string, string> = {
  posting: 'it is being posted right now',
  queued: 'it is already queued for posting',
  posted: 'it has already been posted',
  reversing: 'its SAP document is being cancelled right now',
};

/**
 * How a message a user reads names a record (issue 11): its trip number and kind, `TRP-2026-003976 (sales
 * invoice)`; a record without a trip number (or none found) by its id, `#12 (VAS transaction)`.
 */
export function recordName(step: Pick<PostingStep, 'noun'>, id: number, tripNumber?: unknown): string {
  const name = typeof tripNumber === 'string' && tripNumber ? tripNumber : `#${id}`;
  return `${name} (${step.noun[0]})`;
}

/**
 * A failure as the audit line names it: `TRP-2026-003976 (#5): <reason>` (trip and id, so a search finds either;
 * the line's head names the kind), from the answer's `TRP-2026-003976 (sales invoice): <reason>`.
 */
function auditFailure(step: PostingStep, trips: TripNumbers, failure: { id: number; message: string }) {
  const marker = ` (${step.noun[0]}): `;
  const at = failure.message.indexOf(marker);
  if (at < 0) return labelledFailure(trips, failure);
  return `${recordLabel(trips, failure.id)}: ${failure.message.slice(at + marker.length)}`;
}

/** A row's failure as the answer carries it: `TRP-2026-003976 (sales invoice): <reason>`. */
export const rowFailure = (
  step: Pick<PostingStep, 'noun'>,
  id: number,
  tripNumber: unknown,
  reason: string,
) => ({ id, message: `${recordName(step, id, tripNumber)}: ${reason}` });

/**
 * The audit entry of a post request: what reached SAP (with its document), and what did not and why, each
 * record named by its trip number and id so a search for the trip finds the line (`trips`: id -> trip).
 */
export function postingAuditText(
  step: PostingStep,
  posted: PostResult['posted'],
  failed: PostResult['failed'],
  trips: TripNumbers = new Map(),
) {
  const parts: string[] = [];
  if (posted.length) {
    const refs = posted
      .map(
        (p) =>
          `${recordLabel(trips, p.id)} as DocEntry ${p.sapDocEntry ?? '?'}, DocNum ${p.sapDocNum ?? '?'}`,
      )
      .join('; ');
    parts.push(
      `Posted ${posted.length} ${posted.length === 1 ? step.noun[0] : step.noun[1]} to SAP: ${refs}`,
    );
  }
  if (failed.length)
    parts.push(`${failed.length} not posted: ${failed.map((f) => auditFailure(step, trips, f)).join(' ')}`);
  return parts.join('. ').slice(0, 4000);
}

/** The audit entry of a queued post request (VAS): which records were queued, and which refused and why. */
export function queuedAuditText(
  step: PostingStep,
  queued: { id: number }[],
  failed: PostResult['failed'],
  trips: TripNumbers = new Map(),
) {
  const parts: string[] = [];
  if (queued.length)
    parts.push(
      `Queued ${queued.length} ${queued.length === 1 ? step.noun[0] : step.noun[1]} for posting to SAP: ${queued.map((q) => recordLabel(trips, q.id)).join(', ')}`,
    );
  if (failed.length)
    parts.push(`${failed.length} refused: ${failed.map((f) => auditFailure(step, trips, f)).join(' ')}`);
  return parts.join('. ').slice(0, 4000);
}

/** The first sentence of a 422 answer: how many rows could not be posted (or queued) of how many. */
export function refusalHead(step: PostingStep, failed: number, done: number, what: 'posted' | 'queued') {
  if (done) return `${failed} of ${failed + done} ${step.noun[1]} could not be ${what}; ${done} ${what}.`;
  return failed === 1
    ? `The ${step.noun[0]} could not be ${what}.`
    : `None of the ${failed} ${step.noun[1]} could be ${what}.`;
}
