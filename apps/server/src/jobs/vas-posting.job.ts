import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { isConnectionError, retryOnConnectionLoss } from '../db/connection-faults.js';
import type { KindRules } from '../modules/records/kinds/shared/kind-rules.js';
import { postOne } from '../modules/posting/exactly-once.js';
import type { PostingRepository } from '../modules/posting/posting.repository.js';
import {
  leaseRenewalMs,
  POSTING_STEPS,
  postingKeyOn,
  staleAfterMs,
} from '../modules/posting/posting-steps.js';
import { isPosted } from '../modules/posting/posting-outcomes.js';
import { sapRef, type SapGateway } from '../erp/sap-gateway.js';
import { PostingRuleError } from '../erp/posting-rules.js';
import { recordLabel, tripNumbersFrom } from '../modules/audits/audit-trips.js';
import type { Metrics } from '../lib/metrics.js';
import type { Notifier } from '../lib/notices.js';
import { notifyVasFailed } from './vas-failure-notice.js';
import { VAS_POSTING_QUEUE } from './queue.js';
import { transactionExecutor } from './sql-executor.js';

/** The job's payload: only the record id; everything else is read from the row the post request stored. */
export const vasPostingJob = z.object({ recordId: z.number().int().positive() });
export type VasPostingJob = z.infer<typeof vasPostingJob>;

const step = POSTING_STEPS.vasTransaction;

/** Enqueues one job per claimed row inside the claiming transaction. */
export function vasEnqueuer(boss: PgBoss) {
  return async (tx: Db, ids: number[]) => {
    const db = transactionExecutor(tx) as PgBoss.Db;
    for (const recordId of ids) {
      const jobId = await boss.send(VAS_POSTING_QUEUE, { recordId } satisfies VasPostingJob, {
        db,
        singletonKey: `vas-${recordId}`,
      });
      // No job means a queued row nobody would post: fail the claim (its transaction rolls back) instead.
      if (!jobId) throw new Error(`The posting queue did not take VAS transaction #${recordId}.`);
    }
  };
}

export type VasHandlerDeps = {
  repository: PostingRepository;
  sap: () => SapGateway;
  rules: KindRules<any, unknown, unknown>;
  settleMs?: number;
  /** SAP_TIMEOUT_MS: how long a row's lease lives (posting-steps.ts, `staleAfterMs`); default 30 s. */
  sapTimeoutMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Writes an audit entry as the system: the queue's outcome of a row a user queued. */
  audit?: ((event: string) => Promise<unknown>) | undefined;
  /** Tells the user who queued a row that it failed for good (the bell; notifications module). */
  notifier?: Notifier | undefined;
  /** Counts each row's outcome and look-ups (exactly-once.ts) and the jobs that threw (vas-worker.ts). */
  metrics?: Pick<Metrics, 'posting' | 'lookup' | 'jobFailed'> | undefined;
};

/** The outcome is recorded; a failed audit write is logged rather than retrying (and re-posting) the job. */
async function audit(deps: VasHandlerDeps, event: string) {
  try {
    await retryOnConnectionLoss(async () => deps.audit?.(event));
  } catch (error) {
    deps.log.warn({ err: error, event }, 'Could not write the audit entry');
  }
}

/** Thrown to have pg-boss retry the job later; the row is left as it is. */
export class VasRetryLater extends Error {
  override readonly name = 'VasRetryLater';
}

/**
 * Posts one queued VAS row with the exactly-once protocol. SAP's refusal sends the row back to the list as
 * failed with SAP's reason; an unknown outcome (or SAP unreachable) throws so pg-boss retries with backoff,
 * and the next try looks the key up in SAP first. On the last retry the row fails with the reason.
 *
 * A job can be delivered again while an earlier delivery still runs (it expired, or its worker stopped with
 * jobs in hand): the row's lease tells. A live lease means another worker is on it (retry later); a stale one
 * means that worker died, and this one takes the row over and looks the key up first.
 */
export async function handleVasPosting(
  deps: VasHandlerDeps,
  job: PgBoss.JobWithMetadata<VasPostingJob>,
): Promise<void> {
  const { recordId } = vasPostingJob.parse(job.data);
  const timeoutMs = deps.sapTimeoutMs ?? 30_000;
  const lastTry = job.retryCount >= job.retryLimit;
  const taken = await deps.repository.takeQueued(
    step,
    recordId,
    new Date(Date.now() - staleAfterMs(timeoutMs)),
  );
  if (!taken) return; // posted or failed already: a duplicate delivery does nothing
  if (taken === 'busy') {
    if (lastTry) {
      // The worker holding it finishes it; if that one dies, the sweeper resolves the row.
      deps.log.warn({ recordId }, 'VAS transaction still held by another worker; leaving it to that worker');
      return;
    }
    throw new VasRetryLater(
      `VAS transaction #${recordId} is being posted by another worker right now; trying again later.`,
    );
  }
  const { attemptId, previous } = taken;
  const renew = setInterval(() => {
    deps.repository.renewLeases([attemptId]).catch(() => undefined);
  }, leaseRenewalMs(timeoutMs));
  renew.unref();
  try {
    const { row } = (await deps.repository.loadRow(step, recordId))!;
    // How the audit lines name the record: its trip number (when it has one) and id.
    const label = recordLabel(tripNumbersFrom([row]), recordId);
    // Keys SAP may hold it under already: a dead worker's or an earlier delivery's try of this very attempt (its
    // key is the row's), and earlier attempts whose outcome is not known.
    const earlierKeys = await deps.repository.uncertainKeys(step, recordId, attemptId);
    if (previous === 'posting' || job.retryCount > 0) earlierKeys.push(postingKeyOn(step, row));
    // The document is built from the row the post request stored (its inputs are in it).
    const request = {
      id: recordId,
      postingDate: String(row.postingDate),
      postingDay: String(row.postingDate),
      input: {},
    };
    const result = await postOne(
      { sap: deps.sap, settleMs: deps.settleMs, metrics: deps.metrics },
      step,
      deps.rules,
      {
        row,
        request,
        earlierKeys,
      },
    );
    if (!result.sent) {
      const error = 'unprepared' in result ? result.unprepared : undefined;
      // The database was away: nothing was sent; the job is retried (pg-boss) and the row stays queued for it.
      if (isConnectionError(error)) throw error;
      // Nothing was sent: the row cannot become a SAP document as it stands (e.g. its account was removed).
      const message =
        error instanceof PostingRuleError
          ? error.message
          : `It could not be prepared for SAP (${error instanceof Error ? error.message : String(error)}).`;
      if (
        !(await retryOnConnectionLoss(() =>
          deps.repository.markFailed(step, recordId, attemptId, { outcome: 'failed', message }),
        ))
      )
        return;
      deps.log.warn({ recordId, reason: message }, 'VAS transaction not posted');
      await audit(deps, `VAS transaction ${label} could not be posted from the queue: ${message}`);
      await notifyVasFailed(deps, { row, attemptId, message });
      return;
    }
    const { outcome } = result;

    if (isPosted(outcome)) {
      // Idempotent, so retried on a lost connection; if the database stays away the job fails and its retry
      // (or, past the last one, the sweeper) finds the document in SAP by its key.
      await retryOnConnectionLoss(() =>
        deps.repository.markPosted(step, recordId, outcome.ref, outcome.outcome, result.sending),
      );
      deps.log.info({ recordId, sap: outcome.ref }, 'VAS transaction posted');
      await audit(deps, `Posted VAS transaction ${label} to SAP from the queue (${sapRef(outcome.ref)})`);
      return;
    }
    const refused = outcome.outcome === 'failed' && !outcome.retryable;
    if (refused || lastTry) {
      // Fenced: a row another worker took over meanwhile is that worker's to record (and audit).
      if (
        !(await retryOnConnectionLoss(() =>
          deps.repository.markFailed(step, recordId, attemptId, outcome, { sending: result.sending }),
        ))
      )
        return;
      deps.log.warn({ recordId, reason: outcome.message }, 'VAS transaction not posted');
      await audit(deps, `VAS transaction ${label} could not be posted from the queue: ${outcome.message}`);
      await notifyVasFailed(deps, { row, attemptId, message: outcome.message });
      return;
    }
    // Fenced: if another worker took the row over meanwhile, it is that worker's to finish.
    if (
      !(await retryOnConnectionLoss(() =>
        deps.repository.requeue(step, recordId, attemptId, outcome.message),
      ))
    )
      return;
    throw new VasRetryLater(`VAS transaction #${recordId} not confirmed by SAP yet: ${outcome.message}`);
  } finally {
    clearInterval(renew);
  }
}
