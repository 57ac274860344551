import pLimit from 'p-limit';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { postingLinkOr } from './posting-link.js';
import type { PostingRepository } from './posting.repository.js';
import { POSTING_STEPS, sapReferenceOf, staleAfterMs, type PostingStep } from './posting-steps.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Notifier } from '../../lib/notices.js';
import { sweepTimer } from '../../lib/sweep-timer.js';
import type { SweptRow } from './posting-sweeper.repository.js';
import { sapRef, type SapGateway } from '../../erp/sap-gateway.js';

/** Look-ups in SAP at once during a sweep, and rows read per page. */
const SWEEP_CONCURRENCY = 16;
const PAGE_SIZE = 500;

export const INTERRUPTED_MESSAGE =
  'Its posting was interrupted before SAP confirmed it, and SAP has no document for it. Post it again (SAP is checked for it first).';

export type SweeperDeps = {
  repository: PostingRepository;
  sap: () => SapGateway;
  /** SAP_TIMEOUT_MS: a row whose lease is older than `staleAfterMs(sapTimeoutMs)` was left by a dead process. */
  sapTimeoutMs: number;
  /**
   * VAS records whose queue job is still alive (pg-boss will run it): those are the queue's to finish. Without
   * it (no queue in this process) VAS rows are left alone.
   */
  liveQueuedRecords?: ((ids: number[]) => Promise<Set<number>>) | undefined;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Writes an audit entry as the system (a row the sweeper settles changes without anyone posting it). */
  audit?: ((event: string) => Promise<unknown>) | undefined;
  /** Look-ups in SAP at once (default 16). */
  concurrency?: number | undefined;
  /** Tells the user who posted a row the sweeper settled (the bell); silent when not given. */
  notifier?: Notifier | undefined;
  /** Counts what became of each row it looked at (`ff_sweeper_settlements_total{sweeper="posting"}`). */
  metrics?: Pick<Metrics, 'settled'> | undefined;
};

/** How the sweeper's lines name a record: `TRP-2026-000123 (cash advance #12)`, or `cash advance #12`. */
const named = (step: PostingStep, row: SweptRow) =>
  row.tripNumber
    ? `${row.tripNumber} (${step.noun[0]} #${row.id})`
    : `${step.noun[0][0]!.toUpperCase()}${step.noun[0].slice(1)} #${row.id}`;

export type SweepResult = { posted: string[]; failed: string[]; skipped: string[] };

/**
 * Resolves rows a crashed process left in flight (docs/design/architecture.md section 6, point 4). A row in `posting`
 * (or, for VAS, `posting`/`queued` without a live job) whose poster stopped renewing its lease is looked up
 * in SAP by its key: found, it is posted (with SAP's keys); not found, it goes back to the list as failed, and
 * its attempt is closed as unknown so the next post looks the key up before posting. The update is fenced on
 * the attempt and its lease, so a poster that is alive after all keeps the row.
 */
export function createPostingSweeper(deps: SweeperDeps) {
  const staleMs = staleAfterMs(deps.sapTimeoutMs);
  const concurrency = deps.concurrency ?? SWEEP_CONCURRENCY;
  const count = (outcome: 'posted' | 'failed' | 'posted_after_failure' | 'skipped' | 'error') =>
    deps.metrics?.settled('posting', outcome);
  let running: Promise<SweepResult> | null = null;
  let next: Promise<SweepResult> | null = null;

  /** The change is made; a failed audit write is logged rather than undoing or repeating it. */
  async function audit(event: string) {
    try {
      await deps.audit?.(event);
    } catch (error) {
      deps.log.warn({ err: error, event }, 'Could not write the audit entry');
    }
  }

  /**
   * Runs `settle` for every row `page` answers, a page at a time (so a pass reaches every row however many
   * there are), at most `concurrency` look-ups at once (so 1,000 rows take seconds, not minutes).
   */
  async function forEachPage<T extends { id: number }>(
    page: (afterId: number) => Promise<T[]>,
    settle: (row: T) => Promise<void>,
  ) {
    const limit = pLimit(concurrency);
    for (let afterId = 0; ;) {
      const rows = await page(afterId);
      if (!rows.length) return;
      afterId = rows[rows.length - 1]!.id;
      await Promise.all(rows.map((row) => limit(() => settle(row))));
    }
  }

  /** Tells the row's poster how the sweeper settled it; a failure to tell is logged, never undoing the settling. */
  async function tell(step: PostingStep, row: SweptRow, key: string, posted: boolean, detail: string) {
    if (!deps.notifier || row.postedById === null) return;
    const name = row.tripNumber ? `${row.tripNumber} (${step.noun[0]})` : named(step, row);
    try {
      const postingId = await deps.repository.postingIdOf(step, row.id, row.generation);
      const list = `/postings?kind=${RECORD_KINDS_PLAIN[step.name].apiName}&search=${encodeURIComponent(row.tripNumber ?? key)}`;
      await deps.notifier.toUsers([row.postedById], {
        type: 'posting_settled',
        title: posted ? `${name} was found in SAP and is posted` : `${name} was not posted`,
        body: detail,
        // The posting's drawer; the history searched for its trip when it has no attempt to be named by.
        link: postingLinkOr(postingId, list),
        dedupeKey: `settled-${key}-${posted ? 'posted' : 'failed'}-${Date.now()}`,
      });
    } catch (error) {
      deps.log.warn({ err: error, key }, 'Could not notify about a settled posting');
    }
  }

  /**
   * The document SAP holds under the first of `keys` that has one (the row's key, then the keys of its unsettled
   * attempts), with the key it was found under; null when none has one.
   */
  async function findUnderAny(step: PostingStep, keys: string[]) {
    for (const key of keys) {
      const found = await deps.sap().findByReference(sapReferenceOf(step), key);
      if (found) return { ...found, key };
    }
    return null;
  }

  async function settleStale(
    step: PostingStep,
    row: SweptRow & { attemptId: number | null },
    before: Date,
    result: SweepResult,
  ) {
    const key = row.keys[0]!;
    try {
      const existing = await findUnderAny(step, row.keys);
      // The attempt is what fences the poster (and any other sweeper) out; a row in flight without one gets one (already stale).
      const attemptId =
        row.attemptId ??
        (await deps.repository.openAttempt(
          step,
          row.id,
          new Date(before.getTime() - 1),
          row.generation,
          key,
        ));
      if (existing) {
        if (!(await deps.repository.settleFound(step, row.id, attemptId, existing, before))) {
          result.skipped.push(key);
          count('skipped');
          return;
        }
        result.posted.push(key);
        count('posted');
        deps.log.info({ key, sap: existing }, 'Interrupted posting found in SAP; the record is posted');
        await audit(
          `Interrupted posting of ${named(step, row)} found in SAP (${sapRef(existing)}); marked posted`,
        );
        await tell(step, row, key, true, `Its posting was interrupted; SAP has it as ${sapRef(existing)}.`);
        return;
      }
      const failed = await deps.repository.markFailed(
        step,
        row.id,
        attemptId,
        { outcome: 'unknown', message: INTERRUPTED_MESSAGE },
        { staleBefore: before },
      );
      (failed ? result.failed : result.skipped).push(key);
      count(failed ? 'failed' : 'skipped');
      if (failed) {
        deps.log.warn({ key }, 'Interrupted posting not in SAP; the record is back in its list as failed');
        await audit(
          `Interrupted posting of ${named(step, row)} not found in SAP; back in its list as failed`,
        );
        await tell(step, row, key, false, INTERRUPTED_MESSAGE);
      }
    } catch (error) {
      // SAP (or the database) did not answer: the next sweep tries again; nothing was changed.
      result.skipped.push(key);
      count('error');
      deps.log.warn({ key, err: error }, 'Could not resolve an interrupted posting yet');
    }
  }

  async function sweepStep(step: PostingStep, result: SweepResult, before: Date) {
    const queued = RECORD_KINDS_PLAIN[step.name].queued;
    if (queued && !deps.liveQueuedRecords) return;
    await forEachPage(
      async (afterId) => {
        const rows = await deps.repository.staleRows(
          step,
          queued ? ['posting', 'queued'] : ['posting'],
          before,
          { afterId, limit: PAGE_SIZE },
        );
        if (!queued || !rows.length) return rows;
        // A VAS row whose job is alive is the queue's to finish: skipped, but the page still moves on past it.
        const live = await deps.liveQueuedRecords!(rows.map((r) => r.id));
        return rows.map((r) => ({ ...r, live: live.has(r.id) }));
      },
      (row) => ('live' in row && row.live ? Promise.resolve() : settleStale(step, row, before, result)),
    );
  }

  /**
   * Failed rows whose outcome SAP never confirmed (a lost reply, then a look-up that failed too) are looked up
   * from `staleMs` after they failed (a slow commit has landed by then) on every sweep until a look-up answers:
   * found, they are posted, so a row listed as failed is one SAP does not have; not found, the attempt is marked
   * rechecked and left failed (the next post looks the key up first anyway). A look-up that fails is retried
   * next sweep: there is no time window a row can fall out of.
   */
  async function recheckStep(step: PostingStep, result: SweepResult, now: Date) {
    const settledBefore = new Date(now.getTime() - staleMs);
    await forEachPage(
      (afterId) => deps.repository.unconfirmedFailures(step, settledBefore, { afterId, limit: PAGE_SIZE }),
      async (row) => {
        const { id, attemptId } = row;
        const key = row.keys[0]!;
        try {
          const existing = await findUnderAny(step, row.keys);
          if (!existing) {
            await deps.repository.markRechecked(attemptId);
            return;
          }
          if (
            await deps.repository.markFoundAfterFailure(step, id, existing, {
              generation: row.generation,
              key: existing.key,
              attemptId,
            })
          ) {
            result.posted.push(key);
            count('posted_after_failure');
            deps.log.info(
              { key, sap: existing },
              'Unconfirmed posting found in SAP; the failed record is posted',
            );
            await audit(
              `Unconfirmed posting of ${named(step, row)} found in SAP (${sapRef(existing)}); marked posted`,
            );
            await tell(step, row, key, true, `SAP had not confirmed it; it holds it as ${sapRef(existing)}.`);
          }
        } catch (error) {
          result.skipped.push(key);
          count('error');
          deps.log.warn({ key, err: error }, 'Could not check an unconfirmed posting yet');
        }
      },
    );
  }

  async function sweepAll(now: Date): Promise<SweepResult> {
    const result: SweepResult = { posted: [], failed: [], skipped: [] };
    const before = new Date(now.getTime() - staleMs);
    for (const step of Object.values(POSTING_STEPS)) await sweepStep(step, result, before);
    for (const step of Object.values(POSTING_STEPS)) await recheckStep(step, result, now);
    return result;
  }

  /**
   * One pass over every step that starts now or, while a pass is in progress, right after it (calls made
   * meanwhile share that next pass): a caller's pass always sees the rows as they were when it called.
   */
  function sweep(now?: Date): Promise<SweepResult> {
    if (!running) {
      running = sweepAll(now ?? new Date()).finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return sweep(now);
      });
    return next;
  }

  /** Sweeps every `intervalMs` (lib/sweep-timer.ts); answers a stop function. */
  const start = sweepTimer({
    staleMs,
    busy: () => running !== null,
    tick: () => {
      sweep().catch((error: unknown) =>
        deps.log.warn({ err: error }, 'Sweeping interrupted postings failed'),
      );
    },
    settle: async () => {
      await next?.catch(() => undefined);
      await running?.catch(() => undefined);
    },
  });

  return { staleAfterMs: staleMs, sweep, start };
}

export type PostingSweeper = ReturnType<typeof createPostingSweeper>;
