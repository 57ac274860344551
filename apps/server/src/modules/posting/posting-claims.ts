import { closedPeriodReason, periodOfDay, type PostingPeriod } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isConnectionError } from '../../db/connection-faults.js';
import { HttpError, ValidationFailed } from '../../lib/errors.js';
import { createPostingDateResolver } from '../../lib/posting-date.js';
import { DATABASE_AWAY } from './database-away.js';
import type { KindRules, PostingRequest, RowRequest } from './kind-rules.js';
import type { PostingRepository } from './posting.repository.js';
import { rowFailure, STATUS_SENTENCE } from './posting-answers.js';
import type { PostingStep, StepRow } from './posting-steps.js';
import type { SapRangeDocument } from './sap-gateway.js';

/**
 * A row this poster claimed: its request (with the posting day), its open attempt, its key, and the keys of
 * earlier attempts SAP may hold it under.
 */
export type Claimed<Row, I> = {
  row: Row;
  request: PostingRequest<I>;
  attemptId: number;
  key: string;
  earlierKeys: string[];
  /** What SAP holds under the keys of every row of the request, asked at once after the claim (decision 018). */
  found?: Map<string, SapRangeDocument[]> | undefined;
};
/** Rules as the engine runs them, for any step's row. */
export type AnyRules<Row, I> = KindRules<Row, I, unknown>;

/**
 * SAP's posting periods, read before a claim (kept briefly by their module; `refresh` reads SAP again); null
 * when SAP could not say (then SAP decides on each row).
 */
export type PeriodsSource = (options?: { refresh?: boolean }) => Promise<readonly PostingPeriod[] | null>;

/** A row's trip number (every kind's table has one; VAS rows may leave it empty). */
const tripOf = (row: unknown) => (row as { tripNumber?: unknown } | undefined)?.tripNumber;

/**
 * The periods for the requested posting days, or null: a source that fails never blocks a post (SAP refuses a
 * locked period itself). When a day falls in a period kept as locked or closing, SAP is asked again first, so
 * a period reopened a minute ago is not refused on what was read before.
 */
async function periodsFor(
  source: PeriodsSource | undefined,
  postingDates: string[],
  timeZone: string,
): Promise<readonly PostingPeriod[] | null> {
  if (!source) return null;
  try {
    const kept = await source();
    if (!kept) return null;
    // The day each input names (the document date is checked in the claim; the epoch passes every input).
    const dayOf = createPostingDateResolver(timeZone);
    const refused = postingDates.some((input) => {
      const date = dayOf(input, new Date(0));
      return 'day' in date && closedPeriodReason(periodOfDay(kept, date.day)) !== null;
    });
    return refused ? await source({ refresh: true }) : kept;
  } catch {
    return null;
  }
}

/**
 * Claiming, the first part of a post request (posting.service.ts): the requested rows are checked (state,
 * posting date and its SAP period, the kind's rules) and the valid ones moved to `posting` (or `queued`), one
 * attempt each. Every refusal names the record by its trip number and kind (`rowFailure`).
 */
export function createClaims(deps: {
  db: Db;
  repository: PostingRepository;
  timeZone: string;
  periods?: PeriodsSource | undefined;
}) {
  const { db, repository, timeZone } = deps;

  /**
   * Validates and claims rows in one transaction: rows already posting or posted are refused. The kind's
   * `prefetch` runs before it; in it, the requested rows are locked, then the kind's `prefetchInClaim` runs,
   * then each row is checked and the valid ones claimed.
   */
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
    // Read before the transaction, as prefetch is: a day in a locked or closing period never reaches SAP.
    const periods = await periodsFor(
      deps.periods,
      [...new Set(requests.map((r) => r.postingDate))],
      timeZone,
    );
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
      // After the rows are locked: holding a lock the kind takes there, this claim never waits for rows.
      const checkedWith = rules.prefetchInClaim
        ? await rules.prefetchInClaim(tx, requests, prefetched)
        : prefetched;
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
          failed.push(rowFailure(step, request.id, tripOf(locked?.row), reason));
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
        const closed = periods && closedPeriodReason(periodOfDay(periods, date.day));
        if (closed) {
          refuse(`${closed}.`);
          continue;
        }
        const problem = rules.check(row, request, checkedWith);
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
          failed.push(rowFailure(step, request.id, tripOf(row), 'it is being posted by someone else.'));
        else
          claimed.push({
            row: { ...row, ...extra },
            request: { ...request, postingDay },
            attemptId: attempt.attemptId,
            key: attempt.key,
            earlierKeys: attempt.earlierKeys,
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
