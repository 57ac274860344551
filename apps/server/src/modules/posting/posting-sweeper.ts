import type { PostingRepository } from './posting.repository.js';
import {
  idempotencyKey,
  POSTING_STEPS,
  sapReferenceOf,
  staleAfterMs,
  unconfirmedRecheckMs,
  type PostingStep,
} from './posting-steps.js';
import { sapRef, type SapGateway } from './sap-gateway.js';

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
};

export type SweepResult = { posted: string[]; failed: string[]; skipped: string[] };

/**
 * Resolves rows a crashed process left in flight (architecture.md section 6, point 4). A row in `posting`
 * (or, for VAS, `posting`/`queued` without a live job) whose poster stopped renewing its lease is looked up
 * in SAP by its key: found, it is posted (with SAP's keys); not found, it goes back to the list as failed, and
 * its attempt is closed as unknown so the next post looks the key up before posting. The update is fenced on
 * the attempt and its lease, so a poster that is alive after all keeps the row.
 */
export function createPostingSweeper(deps: SweeperDeps) {
  const staleMs = staleAfterMs(deps.sapTimeoutMs);
  const recheckMs = unconfirmedRecheckMs(deps.sapTimeoutMs);
  let running: Promise<SweepResult> | null = null;

  /** The change is made; a failed audit write is logged rather than undoing or repeating it. */
  async function audit(event: string) {
    try {
      await deps.audit?.(event);
    } catch (error) {
      deps.log.warn({ err: error, event }, 'Could not write the audit entry');
    }
  }

  async function sweepStep(step: PostingStep, result: SweepResult, before: Date) {
    const queued = step.kind === 'VAS';
    if (queued && !deps.liveQueuedRecords) return;
    let rows = await deps.repository.staleRows(step, queued ? ['posting', 'queued'] : ['posting'], before);
    if (queued && rows.length) {
      const live = await deps.liveQueuedRecords!(rows.map((r) => r.id));
      rows = rows.filter((r) => !live.has(r.id));
    }
    for (const row of rows) {
      const key = idempotencyKey(step.kind, row.id);
      try {
        const existing = await deps.sap().findByReference(sapReferenceOf(step.kind), key);
        if (existing) {
          await deps.repository.markPosted(step, row.id, existing, 'found');
          result.posted.push(key);
          deps.log.info({ key, sap: existing }, 'Interrupted posting found in SAP; the record is posted');
          await audit(`Interrupted posting of ${step.noun[0]} #${row.id} found in SAP (${sapRef(existing)}); marked posted`);
          continue;
        }
        // The attempt is what fences the poster out; a row in flight without one gets one (already stale).
        const attemptId =
          row.attemptId ?? (await deps.repository.openAttempt(step, row.id, new Date(before.getTime() - 1)));
        const failed = await deps.repository.markFailed(
          step,
          row.id,
          attemptId,
          { outcome: 'unknown', message: INTERRUPTED_MESSAGE },
          { staleBefore: before },
        );
        (failed ? result.failed : result.skipped).push(key);
        if (failed) {
          deps.log.warn({ key }, 'Interrupted posting not in SAP; the record is back in its list as failed');
          await audit(`Interrupted posting of ${step.noun[0]} #${row.id} not found in SAP; back in its list as failed`);
        }
      } catch (error) {
        // SAP (or the database) did not answer: the next sweep tries again; nothing was changed.
        result.skipped.push(key);
        deps.log.warn({ key, err: error }, 'Could not resolve an interrupted posting yet');
      }
    }
  }

  /**
   * Failed rows whose outcome SAP never confirmed (a lost reply, then a look-up that failed too) are looked up
   * again from `staleMs` after they failed, for `recheckMs`: the ones SAP holds after all are posted, so a row
   * listed as failed is one SAP does not have. Not found, they stay failed (the next post looks the key up first).
   */
  async function recheckStep(step: PostingStep, result: SweepResult, now: Date) {
    const to = new Date(now.getTime() - staleMs);
    const ids = await deps.repository.unconfirmedFailures(step, new Date(to.getTime() - recheckMs), to);
    for (const id of ids) {
      const key = idempotencyKey(step.kind, id);
      try {
        const existing = await deps.sap().findByReference(sapReferenceOf(step.kind), key);
        if (existing && (await deps.repository.markFoundAfterFailure(step, id, existing))) {
          result.posted.push(key);
          deps.log.info({ key, sap: existing }, 'Unconfirmed posting found in SAP; the failed record is posted');
          await audit(`Unconfirmed posting of ${step.noun[0]} #${id} found in SAP (${sapRef(existing)}); marked posted`);
        }
      } catch (error) {
        result.skipped.push(key);
        deps.log.warn({ key, err: error }, 'Could not check an unconfirmed posting yet');
      }
    }
  }

  async function sweepAll(now: Date): Promise<SweepResult> {
    const result: SweepResult = { posted: [], failed: [], skipped: [] };
    const before = new Date(now.getTime() - staleMs);
    for (const step of Object.values(POSTING_STEPS)) await sweepStep(step, result, before);
    for (const step of Object.values(POSTING_STEPS)) await recheckStep(step, result, now);
    return result;
  }

  /** One pass over every step; concurrent calls share the pass in progress. */
  function sweep(now: Date = new Date()): Promise<SweepResult> {
    running ??= sweepAll(now).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    staleAfterMs: staleMs,
    sweep,

    /** Sweeps every `intervalMs` (default: half the stale age, between 1 s and 60 s); answers a stop function. */
    start(intervalMs = Math.max(1_000, Math.min(60_000, Math.floor(staleMs / 2)))): () => Promise<void> {
      const timer = setInterval(() => {
        sweep().catch((error: unknown) =>
          deps.log.warn({ err: error }, 'Sweeping interrupted postings failed'),
        );
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => undefined);
      };
    },
  };
}

export type PostingSweeper = ReturnType<typeof createPostingSweeper>;
