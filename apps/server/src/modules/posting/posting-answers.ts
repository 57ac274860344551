import type { PostResult } from '@ff/contract';
import { labelledFailure, recordLabel, type TripNumbers } from '../audits/audit-trips.js';
import type { PostingStep } from './posting-steps.js';

/** Why a row in this state cannot be claimed. */
export const STATUS_SENTENCE: Record<string, string> = {
  posting: 'it is being posted right now',
  queued: 'it is already queued for posting',
  posted: 'it has already been posted',
};

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
    parts.push(`${failed.length} not posted: ${failed.map((f) => labelledFailure(trips, f)).join(' ')}`);
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
    parts.push(`${failed.length} refused: ${failed.map((f) => labelledFailure(trips, f)).join(' ')}`);
  return parts.join('. ').slice(0, 4000);
}

/** The first sentence of a 422 answer: how many rows could not be posted (or queued) of how many. */
export function refusalHead(step: PostingStep, failed: number, done: number, what: 'posted' | 'queued') {
  if (done) return `${failed} of ${failed + done} ${step.noun[1]} could not be ${what}; ${done} ${what}.`;
  return failed === 1
    ? `The ${step.noun[0]} could not be ${what}.`
    : `None of the ${failed} ${step.noun[1]} could be ${what}.`;
}
