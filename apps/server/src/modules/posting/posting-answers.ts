import type { PostResult } from '@ff/contract';
import type { PostingStep } from './posting-steps.js';

/** Why a row in this state cannot be claimed. */
export const STATUS_SENTENCE: Record<string, string> = {
  posting: 'it is being posted right now',
  queued: 'it is already queued for posting',
  posted: 'it has already been posted',
};

/** The audit entry of a post request: what reached SAP (with its document), and what did not and why. */
export function postingAuditText(
  step: PostingStep,
  posted: PostResult['posted'],
  failed: PostResult['failed'],
) {
  const parts: string[] = [];
  if (posted.length) {
    const refs = posted.map((p) => `#${p.id} -> SAP ${p.sapDocEntry ?? '?'}`).join(', ');
    parts.push(
      `Posted ${posted.length} ${posted.length === 1 ? step.noun[0] : step.noun[1]} to SAP (${refs})`,
    );
  }
  if (failed.length) parts.push(`${failed.length} not posted: ${failed.map((f) => f.message).join(' ')}`);
  return parts.join('. ').slice(0, 4000);
}

/** The first sentence of a 422 answer: how many rows could not be posted (or queued) of how many. */
export function refusalHead(step: PostingStep, failed: number, done: number, what: 'posted' | 'queued') {
  if (done) return `${failed} of ${failed + done} ${step.noun[1]} could not be ${what}; ${done} ${what}.`;
  return failed === 1
    ? `The ${step.noun[0]} could not be ${what}.`
    : `None of the ${failed} ${step.noun[1]} could be ${what}.`;
}
