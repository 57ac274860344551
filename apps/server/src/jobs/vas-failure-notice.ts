import { RECORD_KINDS_PLAIN } from '@ff/contract';
import type { Notifier } from '../lib/notices.js';
import { postingLinkOr } from '../modules/posting/posting-link.js';
import type { PostingRepository } from '../modules/posting/posting.repository.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';

const kind = RECORD_KINDS_PLAIN.vasTransaction;
const step = POSTING_STEPS.vasTransaction;

/** Where the bell's item leads when the posting cannot be named: the posting history's failed VAS posts. */
export const VAS_FAILED_LINK = `/postings?kind=${kind.apiName}&status=failed`;

/** "TRP-2026-003976 (VAS transaction) could not be posted" (a VAS row without a trip number: "#12 (...)"). */
export const vasFailedTitle = (tripNumber: string | null | undefined, recordId: number) =>
  `${tripNumber || `#${recordId}`} (${kind.noun.one}) could not be posted`;

type Deps = {
  repository: PostingRepository;
  notifier?: Notifier | undefined;
  log: { warn(obj: object, msg: string): void };
};

/**
 * A queued VAS post failed for good (SAP refused it, it could not be prepared, or its retries ran out): the
 * user who queued it hears of it in the bell, with SAP's words. Once per attempt, however often the job runs.
 * Never fails the job: the row's outcome is already recorded.
 */
export async function notifyVasFailed(
  deps: Deps,
  failure: {
    row: { id: number; tripNumber?: string | null; postedById?: number | null };
    attemptId: number;
    message: string;
  },
): Promise<void> {
  if (!deps.notifier) return;
  const { row, attemptId, message } = failure;
  try {
    const attempts = await deps.repository.attemptsOf(step, row.id);
    const requester =
      attempts.find((a) => a.id === attemptId)?.requestedById ??
      attempts.findLast((a) => a.requestedById !== null)?.requestedById ??
      row.postedById ??
      null;
    if (requester === null) return;
    // The posting itself (its drawer: SAP's words, the attempts), as the history names it.
    const generation = attempts.find((a) => a.id === attemptId)?.generation;
    const postingId =
      generation === undefined ? null : (attempts.find((a) => a.generation === generation)?.id ?? null);
    await deps.notifier.toUsers([requester], {
      type: 'posting_failed',
      title: vasFailedTitle(row.tripNumber, row.id),
      body: message,
      link: postingLinkOr(postingId, VAS_FAILED_LINK),
      dedupeKey: `posting-failed-${attemptId}`,
    });
  } catch (err) {
    deps.log.warn({ err, recordId: row.id }, 'Could not tell the poster that the VAS transaction failed');
  }
}
