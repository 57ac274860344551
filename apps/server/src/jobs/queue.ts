import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../db/client.js';
import { retryOnConnectionLoss } from '../db/connection-faults.js';
import type { QueueDepth } from '../lib/metrics.js';
import { createMailQueue, MAIL_QUEUE } from './mail.job.js';
import { createReconciliationQueue, RECONCILIATION_QUEUE } from './reconciliation.job.js';
import { executorFor, type Executor, type RawQueryable } from './sql-executor.js';
import { ensureQueue, type QueueSettings } from './queue-settings.js';

const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
  'completeJobs' | 'failJobsById',
  (schema: string) => string
>;
const COMPLETE_JOBS = bossPlans.completeJobs('pgboss');
const FAIL_JOBS = bossPlans.failJobsById('pgboss');
/** What pg-boss reads from a completion's result (`rows[0].count`) when nothing was changed. */
const NOTHING_CHANGED = { rows: [{ count: '0' }] };

/**
 * pg-boss 10 completes or fails a job its handler finished without awaiting the call (manager.js, `onFetch`):
 * if the database is away at that moment, the rejection is unhandled and ends the process. So these two
 * statements never reject here. Completing is idempotent (only an active job changes) and is retried on a lost
 * connection for a few seconds; failing is not (a second run would count a second retry), so it is not. A job
 * whose completion could not be recorded stays active until it expires, and pg-boss then runs it again: the
 * VAS handler finds its row posted (or queued) and does what is left, so nothing is posted twice.
 */
function settledCompletions(inner: Executor, onError: (error: Error) => void): Executor {
  return {
    async executeSql(text, values) {
      if (text !== COMPLETE_JOBS && text !== FAIL_JOBS) return inner.executeSql(text, values);
      try {
        return text === COMPLETE_JOBS
          ? await retryOnConnectionLoss(() => inner.executeSql(text, values), { attempts: 5, delayMs: 500 })
          : await inner.executeSql(text, values);
      } catch (error) {
        const what = text === COMPLETE_JOBS ? 'completed' : 'failed';
        onError(
          new Error(
            `Could not record a job as ${what}; it runs again once it expires (${error instanceof Error ? error.message : String(error)}).`,
          ),
        );
        return NOTHING_CHANGED;
      }
    },
  };
}

export const VAS_POSTING_QUEUE = 'vas-posting';

/** A pg-boss instance on our database (PGlite or the shared Postgres pool), with our queues created. */
export async function startQueue(
  database: Database,
  settings: QueueSettings,
  onError: (error: Error) => void,
): Promise<PgBoss> {
  const db: Executor =
    database.kind === 'pglite'
      ? executorFor(database.pglite as unknown as RawQueryable)
      : settledCompletions({ executeSql: (text, values) => database.pool!.query(text, values) }, onError);
  const maintenanceIntervalSeconds =
    settings.maintenanceIntervalSeconds ?? Math.max(1, Math.min(60, settings.expireInSeconds));
  const boss = new PgBoss({
    db: db as PgBoss.Db,
    supervise: true,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds,
  });
  boss.on('error', onError);
  await boss.start();
  await ensureQueue(boss, VAS_POSTING_QUEUE, settings);
  await createMailQueue(
    boss,
    settings.mailRetryDelaySeconds ? { retryDelaySeconds: settings.mailRetryDelaySeconds } : {},
  );
  await createReconciliationQueue(boss);
  return boss;
}

/**
 * The VAS records (of `ids`) that still have a job pg-boss will run (created, waiting to retry, or active):
 * the queue will finish those, so the sweeper leaves them alone.
 */
export function vasRecordsWithLiveJobs(db: Db) {
  return async (ids: number[]): Promise<Set<number>> => {
    if (!ids.length) return new Set();
    const result = await db.execute(
      sql`SELECT DISTINCT (data->>'recordId')::int AS id FROM pgboss.job
          WHERE name = ${VAS_POSTING_QUEUE} AND state IN ('created', 'retry', 'active')
            AND (data->>'recordId')::int IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  };
}

/** Every queue this app creates (startQueue). */
export const QUEUES = [VAS_POSTING_QUEUE, MAIL_QUEUE, RECONCILIATION_QUEUE] as const;

/**
 * Each queue's jobs now, in every process (the metrics' `ff_queue_depth` and `ff_queue_active_jobs`, read when
 * scraped): waiting (created, or waiting to retry, including those whose retry delay has not passed) and running.
 * Two counts per queue through pg-boss's own `getQueueSize`, which counts the states before the one given.
 */
export async function queueDepths(boss: PgBoss): Promise<QueueDepth[]> {
  return Promise.all(
    QUEUES.map(async (queue) => {
      const [waiting, unfinished] = await Promise.all([
        boss.getQueueSize(queue),
        boss.getQueueSize(queue, { before: 'completed' }),
      ]);
      return { queue, waiting, active: Math.max(0, unfinished - waiting) };
    }),
  );
}
