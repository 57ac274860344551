import type { PostingTimelineItem } from '@ff/contract';
import { formatDateTime } from '../../lib/time.js';

/** An attempt as the timeline reads it (posting_attempts, with the requester's name). */
export type TimelineAttempt = {
  outcome: 'pending' | 'posted' | 'found' | 'failed' | 'unknown';
  claimedAt: Date;
  sentAt: Date | null;
  finishedAt: Date | null;
  recheckedAt: Date | null;
  postingDate: string | null;
  idempotencyKey: string;
  sapDocEntry: number | null;
  sapDocNum: number | null;
  errorMessage: string | null;
  requestedById: number | null;
  actor: string | null;
};

/** A reversal request as the timeline reads it (posting_reversals, with the requester's name). */
export type TimelineReversal = {
  outcome: 'pending' | 'reversed' | 'failed' | 'unknown';
  reason: string;
  claimedAt: Date;
  sentAt: Date | null;
  finishedAt: Date | null;
  cancelDocEntry: number | null;
  cancelDocNum: number | null;
  errorMessage: string | null;
  actor: string | null;
};

/** Who acts when no person does: the sweeper and the queue worker. */
export const SYSTEM = 'System';

const docKeys = (entry: number | null, num: number | null) =>
  entry === null ? null : `DocEntry ${entry}${num === null ? '' : `, DocNum ${num}`}`;

/**
 * What happened to one posting, in order: each attempt's claim, its sending, and its outcome (a lost reply is
 * "outcome unknown", a look-up by the key settles it), then each reversal request and its outcome. Each step's
 * time is `yyyy-MM-dd HH:mm:ss` in `timeZone` (APP_TIMEZONE), as the spec's server date-times.
 */
export function postingTimeline(
  attempts: readonly TimelineAttempt[],
  reversals: readonly TimelineReversal[],
  timeZone: string,
): PostingTimelineItem[] {
  const items: PostingTimelineItem[] = [];
  const add = (
    event: PostingTimelineItem['event'],
    at: Date | null,
    actor: string | null,
    detail: string | null,
  ) => {
    if (at) items.push({ event, at: formatDateTime(at, timeZone), actor, detail });
  };
  for (const a of attempts) {
    const by = a.actor ?? SYSTEM;
    // A row the sweeper found in SAP after it had failed: no one claimed or sent anything, it was looked up.
    const foundBySweeper =
      a.outcome === 'found' && a.requestedById === null && a.sentAt === null && a.postingDate === null;
    if (!foundBySweeper) {
      const date = a.postingDate ? `posting date ${a.postingDate}, ` : '';
      add('claimed', a.claimedAt, by, `${date}key ${a.idempotencyKey}`);
    }
    add('sent', a.sentAt, by, null);
    const at = a.finishedAt;
    switch (a.outcome) {
      case 'posted':
        add('posted', at, by, docKeys(a.sapDocEntry, a.sapDocNum));
        break;
      case 'found':
        // Sent, then found by the key: SAP's reply was lost and the look-up settled it.
        if (a.sentAt) add('outcome_unknown', at, by, 'SAP did not answer; the key was looked up.');
        add(
          'looked_up',
          at,
          foundBySweeper || !a.actor ? SYSTEM : by,
          `SAP has the document with key ${a.idempotencyKey}.`,
        );
        add('posted', at, foundBySweeper ? SYSTEM : by, docKeys(a.sapDocEntry, a.sapDocNum));
        break;
      case 'failed':
        add('failed', at, by, a.errorMessage);
        break;
      case 'unknown':
        add('outcome_unknown', at, by, a.errorMessage);
        add('looked_up', a.recheckedAt, SYSTEM, 'SAP has no document for it.');
        break;
      default:
        break;
    }
  }
  for (const r of reversals) {
    const by = r.actor ?? SYSTEM;
    add('reversal_requested', r.claimedAt, by, r.reason);
    add('reversal_sent', r.sentAt, by, null);
    if (r.outcome === 'reversed')
      add(
        'reversed',
        r.finishedAt,
        by,
        docKeys(r.cancelDocEntry, r.cancelDocNum) &&
          `Cancellation ${docKeys(r.cancelDocEntry, r.cancelDocNum)}`,
      );
    else if (r.outcome === 'failed' || r.outcome === 'unknown')
      add('reversal_failed', r.finishedAt, by, r.errorMessage);
  }
  return items;
}
