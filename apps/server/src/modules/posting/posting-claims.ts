import type { Db } from '../../db/client.js';
import { isConnectionError } from '../../db/connection-faults.js';
import { HttpError, ValidationFailed } from '../../lib/errors.js';
import { createPostingDateResolver } from '../../lib/posting-date.js';
import { DATABASE_AWAY } from './database-away.js';
import type { KindRules, PostingRequest, RowRequest } from './kind-rules.js';
import type { PostingRepository } from './posting.repository.js';
import { STATUS_SENTENCE } from './posting-answers.js';
import type { PostingStep, StepRow } from './posting-steps.js';

/** A row this poster claimed: its request (with the posting day), its open attempt, and the look-up rule. */
export type Claimed<Row, I> = {
  row: Row;
  request: PostingRequest<I>;
  attemptId: number;
  lookUpFirst: boolean;
};
/** Rules as the engine runs them, for any step's row. */
export type AnyRules<Row, I> = KindRules<Row, I, unknown>;

/**
 * Claiming, the first part of a post request (posting.service.ts): the requested rows are checked (state,
 * posting date, the kind's rules) and the valid ones moved to `posting` (or `queued`), one attempt each.
 */
export function createClaims(deps: { db: Db; repository: PostingRepository; timeZone: string }) {
  const { db, repository, timeZone } = deps;

  /** Validates and claims rows in one transaction: rows already posting or posted are refused. */
  async function claimRowsNow<S extends PostingStep, I>(
    step: S,
    requests: RowRequest<I>[],
    rules: AnyRules<StepRow<S>, I>,
    userId: number,
    queued: boolean,
    afterClaim?: (tx: Db, ids: number[]) => Promise<void>,
  ) {
    const repeated = requests.map((r) => r.id).filter((id, i, all) => all.indexOf(id) !== i);
    if (repeated.length) {
      throw ValidationFailed.field(
        'postSap',
        `Each row may be posted once per request; #${[...new Set(repeated)].join(', #')} appears more than once.`,
      );
    }
    const failed: { id: number; message: string }[] = [];
    const claimed: Claimed<StepRow<S>, I>[] = [];
    const prefetched = await rules.prefetch?.(requests);
    const resolvePostingDate = createPostingDateResolver(timeZone);
    // Taken before the attempts are opened, so it is never later than their leases' start.
    const claimedAt = Date.now();
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const rows = await repository.lockRows(
        step,
        requests.map((r) => r.id),
        tx,
      );
      const byId = new Map(rows.map((r) => [r.row.id as number, r]));
      const valid: {
        row: StepRow<S>;
        request: RowRequest<I>;
        extra: Partial<StepRow<S>>;
        postingDay: string;
      }[] = [];
      for (const request of requests) {
        const locked = byId.get(request.id);
        const refuse = (reason: string) =>
          failed.push({ id: request.id, message: `#${request.id}: ${reason}` });
        if (!locked) {
          refuse(`no ${step.noun[0]} with this id exists.`);
          continue;
        }
        const { row, state, requiredStatus } = locked;
        if (STATUS_SENTENCE[state.status]) {
          refuse(`${STATUS_SENTENCE[state.status]}.`);
          continue;
        }
        if (step.requiresPosted && requiredStatus !== 'posted') {
          refuse('its first journal has not been posted yet.');
          continue;
        }
        const date = resolvePostingDate(request.postingDate, row.documentDate as Date);
        if ('error' in date) {
          refuse(date.error);
          continue;
        }
        const problem = rules.check(row, request, prefetched);
        if (problem) {
          refuse(problem);
          continue;
        }
        const extra = rules.storedInputs?.(row, request) ?? {};
        valid.push({ row, request, extra, postingDay: date.day });
      }
      const opened = await repository.claimMany(
        step,
        valid.map((v) => ({ id: v.request.id, postingDate: v.postingDay, extra: v.extra })),
        { userId, queued },
        tx,
      );
      for (const { row, request, extra, postingDay } of valid) {
        const attempt = opened.get(request.id);
        if (!attempt)
          failed.push({ id: request.id, message: `#${request.id}: it is being posted by someone else.` });
        else
          claimed.push({
            row: { ...row, ...extra },
            request: { ...request, postingDay },
            attemptId: attempt.attemptId,
            lookUpFirst: attempt.lookUpFirst,
          });
      }
      if (afterClaim && claimed.length)
        await afterClaim(
          tx,
          claimed.map((c) => c.request.id),
        );
    });
    return { failed, claimed, claimedAt };
  }

  /**
   * `claimRowsNow`, with a lost database answered as 503: nothing was sent to SAP. A claim that did commit
   * before the connection was lost leaves rows `posting` without a poster; the sweeper puts them back once
   * their lease is stale.
   */
  async function claimRows<S extends PostingStep, I>(...args: Parameters<typeof claimRowsNow<S, I>>) {
    try {
      return await claimRowsNow(...args);
    } catch (error) {
      if (isConnectionError(error)) throw new HttpError(503, DATABASE_AWAY);
      throw error;
    }
  }

  return { claimRows };
}
