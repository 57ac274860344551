import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import { ensureQueue } from './queue-settings.js';
import { transactionExecutor } from './sql-executor.js';

export const RECONCILIATION_QUEUE = 'reconciliation';

/** The job's payload: the run to carry out (modules/reconciliation stores it first). */
export const reconciliationJob = z.object({ runId: z.number().int().positive() });

/**
 * A run reads SAP's documents page by page and can take minutes on a long range: it expires after 30 minutes
 * (a dead worker's run is then taken up again from the start), and a run that threw is retried twice.
 */
export async function createReconciliationQueue(boss: PgBoss): Promise<void> {
  await ensureQueue(boss, RECONCILIATION_QUEUE, {
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
  });
}

/** Enqueues a stored run inside the transaction that stored it. */
export function reconciliationEnqueuer(boss: PgBoss) {
  return async (tx: Db, runId: number) => {
    const jobId = await boss.send(
      RECONCILIATION_QUEUE,
      { runId } satisfies z.infer<typeof reconciliationJob>,
      {
        db: transactionExecutor(tx) as PgBoss.Db,
        singletonKey: `reconciliation-${runId}`,
      },
    );
    if (!jobId) throw new Error(`The queue did not take reconciliation #${runId}.`);
  };
}

type Reconciler = {
  execute(runId: number): Promise<unknown>;
  startNightlyIfDue(now?: Date): Promise<number | undefined>;
};

/**
 * One run at a time per worker process. A run SAP could not answer ends failed without throwing; a job that
 * throws (the database) is counted in `metrics` (`ff_queue_job_failures_total`) and retried by pg-boss.
 */
export async function startReconciliationWorker(
  boss: PgBoss,
  reconciliation: Reconciler,
  metrics?: Pick<Metrics, 'jobFailed'>,
): Promise<string> {
  return boss.work<z.infer<typeof reconciliationJob>>(
    RECONCILIATION_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await reconciliation.execute(reconciliationJob.parse(job.data).runId);
      } catch (error) {
        metrics?.jobFailed(RECONCILIATION_QUEUE);
        throw error;
      }
    },
  );
}

/**
 * The nightly reconciliation: a minute's timer (not keeping the process alive) asks whether today's run is due
 * (from 02:00 APP_TIMEZONE, once a day across every process: modules/reconciliation `startNightlyIfDue`).
 * A timer rather than pg-boss's cron, whose scheduler is off (`schedule: false` in queue.ts) so it does not poll
 * PGlite every few seconds. Answers a function that stops it.
 */
export function startNightlyReconciliation(
  reconciliation: Reconciler,
  log: { warn(obj: object, msg: string): void },
  everyMs = 60_000,
): () => void {
  const tick = () => {
    reconciliation
      .startNightlyIfDue()
      .catch((err: unknown) => log.warn({ err }, 'Could not start the nightly reconciliation'));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
