import { closedPeriodReason, periodOfDay, type PostingPeriod } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isConnectionError } from '../../db/connection-faults.js';
import { HttpError, ValidationFailed } from '../../lib/errors.js';
import { createPostingDateResolver } from '../../lib/posting-date.js';
import { DATABASE_AWAY, NOT_SENT } from './database-away-messages.js';
import type { KindRules, PostingRequest, RowRequest } from '../records/kinds/shared/kind-rules.js';
import type { PostingRepository } from './posting.repository.js';
import { rowFailure, STATUS_SENTENCE } from './posting-answer-messages.js';
import type { PostingStep, StepRow } from './posting-steps.js';
import type { SapRangeDocument } from '../../erp/sap-gateway.js';

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

/** The rows of a post request to claim: the step, the rows requested, the kind's rules and who asks. */
export type ClaimRequest<S extends PostingStep, I> = {
  step: S;
  requests: RowRequest<I>[];
  rules: AnyRules<StepRow<S>, I>;
  userId: number;
};

/**
 * SAP's posting periods, read before a claim (kept briefly by their module; `refresh` reads SAP again); null
 * when SAP could not say (then SAP decides on each row).
 */
export type PeriodsSource = (options?: { refresh?: boolean }) => Promise<readonly PostingPeriod[] | null>;

/** A row's reason when the claim of its part of a request failed for another reason than the database. */
export const NOT_SENT_ERROR = 'It was not sent to SAP because of an unexpected error. Post it again.';

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
   * Opens the claim of a request's rows: a request naming a row twice is refused whole (422); what the kind's
   * rules read before the transaction (`prefetch`) and SAP's posting periods are read once. The function it
   * answers validates and claims a part of the requested rows in one transaction: in it, the part's rows are
   * locked, then the kind's `prefetchInClaim` runs, then each row is checked and the valid ones claimed (rows
   * already posting or posted are refused).
   */
  async function openClaim<S extends PostingStep, I>(
    { step, requests, rules, userId }: ClaimRequest<S, I>,
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
    const prefetched = await rules.prefetch?.(requests);
    // Read before the transaction, as prefetch is: a day in a locked or closing period never reaches SAP.
    const periods = await periodsFor(
      deps.periods,
      [...new Set(requests.map((r) => r.postingDate))],
      timeZone,
    );
    const resolvePostingDate = createPostingDateResolver(timeZone);

    return async function claimPart(part: RowRequest<I>[]) {
      const failed: { id: number; message: string }[] = [];
      const claimed: Claimed<StepRow<S>, I>[] = [];
      // Taken before the attempts are opened, so it is never later than their leases' start.
      const claimedAt = Date.now();
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const rows = await repository.lockRows(
          step,
          part.map((r) => r.id),
          tx,
        );
        // After the rows are locked: holding a lock the kind takes there, this claim never waits for rows.
        const checkedWith = rules.prefetchInClaim
          ? await rules.prefetchInClaim(tx, part, prefetched)
          : prefetched;
        const byId = new Map(rows.map((r) => [r.row.id as number, r]));
        const valid: {
          row: StepRow<S>;
          request: RowRequest<I>;
          extra: Partial<StepRow<S>>;
          postingDay: string;
        }[] = [];
        for (const request of part) {
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
    };
  }

  /** Runs `claiming`, a lost database answered as 503: nothing was sent to SAP. */
  async function answeringAway<T>(claiming: () => Promise<T>): Promise<T> {
    try {
      return await claiming();
    } catch (error) {
      if (isConnectionError(error)) throw new HttpError(503, DATABASE_AWAY);
      throw error;
    }
  }

  /**
   * Validates and claims a request's rows in one transaction, a lost database answered as 503: nothing was sent
   * to SAP. A claim that did commit before the connection was lost leaves rows `posting` without a poster; the
   * sweeper puts them back once their lease is stale.
   */
  async function claimRows<S extends PostingStep, I>(...args: Parameters<typeof openClaim<S, I>>) {
    return answeringAway(async () => (await openClaim(...args))(args[0].requests));
  }

  /**
   * Claims a request's rows in parts, `first` rows then twice as many each time, handing each part to `onClaimed`
   * as soon as its transaction commits: the poster sends those rows to SAP while the next part is claimed, so
   * the first POST does not wait for the claim of a 500-row request (decision 018). A lost database before or
   * in the first part answers 503 as `claimRows` does (nothing was sent); in a later part, that part's rows and
   * the rest are not sent (`unsent`, with the reason: `NOT_SENT`, or `NOT_SENT_ERROR` for another failure, which
   * is logged) while the parts claimed before go on. Answers the refused rows and those not sent.
   */
  async function claimInParts<S extends PostingStep, I>(
    claim: ClaimRequest<S, I>,
    first: number,
    onClaimed: (part: { claimed: Claimed<StepRow<S>, I>[]; claimedAt: number }) => void,
    log?: { error(obj: object, msg: string): void },
  ): Promise<{ failed: { id: number; message: string }[]; unsent: { ids: number[]; reason: string } }> {
    const { requests } = claim;
    const claimPart = await answeringAway(() => openClaim(claim, false));
    const failed: { id: number; message: string }[] = [];
    let size = Math.max(1, first);
    for (let start = 0; start < requests.length; start += size, size *= 2) {
      const part = requests.slice(start, start + size);
      if (start === 0) {
        const claim = await answeringAway(() => claimPart(part));
        failed.push(...claim.failed);
        onClaimed(claim);
        continue;
      }
      try {
        const claim = await claimPart(part);
        failed.push(...claim.failed);
        onClaimed(claim);
      } catch (error) {
        const away = isConnectionError(error);
        if (!away) log?.error({ err: error }, 'Could not claim the rest of a post request');
        const ids = requests.slice(start).map((r) => r.id);
        return { failed, unsent: { ids, reason: away ? NOT_SENT : NOT_SENT_ERROR } };
      }
    }
    return { failed, unsent: { ids: [], reason: '' } };
  }

  return { claimRows, claimInParts };
}
