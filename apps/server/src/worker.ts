import { resolveAppKey } from './config/app-key.js';
import { loadEnv } from './config/env.js';
import { createLogger } from './config/logger.js';
import { openDatabase, runMigrations } from './db/client.js';
import { surviveDatabaseFaults } from './db/connection-faults.js';
import { startQueue } from './jobs/queue.js';
import { queueSettings } from './jobs/queue-settings.js';
import { startVasWorker } from './jobs/vas-worker.js';
import { startMailWorker } from './jobs/mail.job.js';
import { startNightlyReconciliation, startReconciliationWorker } from './jobs/reconciliation.job.js';
import { stopOnSignals } from './lib/graceful-stop.js';
import { createServices } from './services.js';

/** How long a stopping worker waits for its active jobs. */
const WORKER_JOB_GRACE_MS = 20_000;

/**
 * `npm run worker`: a queue worker process for production (PostgreSQL). Any number of them can run beside
 * the API processes; pg-boss hands each job to one worker (SKIP LOCKED). It serves no HTTP.
 */
async function main() {
  const env = loadEnv();
  if (!env.DATABASE_URL)
    throw new Error('npm run worker needs DATABASE_URL: in embedded mode the worker runs inside npm start.');
  if (!env.SAP_SL_URL)
    throw new Error('npm run worker needs SAP_SL_URL (the Service Layer the API processes post to).');
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL });
  await runMigrations(database);
  const queue = await startQueue(database, queueSettings(env), (err) =>
    console.error('Queue error:', err.message),
  );
  // The same services the API uses, without an HTTP app; their background work (pruning, the sweeper) runs here too.
  const log = createLogger({ level: env.LOG_LEVEL });
  const services = createServices({ ...env, APP_KEY: resolveAppKey(env) }, database, { log, queue });
  surviveDatabaseFaults(log);
  await services.dashboardCounters.prepare((message) => log.warn(message));
  services.start();
  await startVasWorker(queue, services.vasWorker, env.QUEUE_CONCURRENCY);
  await startMailWorker(queue, services.mailJobs, { metrics: services.metrics });
  await startReconciliationWorker(queue, services.afterPosting.reconciliation, services.metrics);
  startNightlyReconciliation(services.afterPosting.reconciliation, log);
  log.info({ concurrency: env.QUEUE_CONCURRENCY }, 'VAS posting worker started');

  // SIGTERM, SIGINT or SIGHUP: take no new jobs, let the active ones finish (up to 20 s: a VAS post may wait on a
  // slow SAP; give the unit a stop timeout above that), then close. A job still running then is failed back to
  // the queue and retried by another worker, each row still posting once.
  stopOnSignals(
    log,
    async (signal) => {
      log.info({ signal }, 'Worker stopping: finishing active jobs');
      await queue.stop({ graceful: true, wait: true, timeout: WORKER_JOB_GRACE_MS });
      await services.close();
      await database.close();
    },
    WORKER_JOB_GRACE_MS + 5_000,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
