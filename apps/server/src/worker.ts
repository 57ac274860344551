import { buildApp } from './app.js';
import { resolveAppKey } from './config/app-key.js';
import { loadEnv } from './config/env.js';
import { openDatabase, runMigrations } from './db/client.js';
import { surviveDatabaseFaults } from './db/connection-faults.js';
import { startQueue } from './jobs/queue.js';
import { queueSettings } from './jobs/queue-settings.js';
import { startVasWorker } from './jobs/vas-worker.js';
import { startMailWorker } from './jobs/mail.job.js';

/**
 * `npm run worker`: a queue worker process for production (PostgreSQL). Any number of them can run beside
 * the API processes; pg-boss hands each job to one worker (SKIP LOCKED). It serves no HTTP.
 */
async function main() {
  const env = loadEnv();
  if (!env.DATABASE_URL) throw new Error('npm run worker needs DATABASE_URL: in embedded mode the worker runs inside npm start.');
  if (!env.SAP_SL_URL) throw new Error('npm run worker needs SAP_SL_URL (the Service Layer the API processes post to).');
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL });
  await runMigrations(database);
  const queue = await startQueue(database, queueSettings(env), (err) => console.error('Queue error:', err.message));
  // The app is built (not listened on) to share the exact services the API uses.
  const app = await buildApp({ env: { ...env, APP_KEY: resolveAppKey(env) }, database, queue });
  surviveDatabaseFaults(app.log);
  await startVasWorker(queue, app.services.vasWorker, env.QUEUE_CONCURRENCY);
  await startMailWorker(queue, app.services.mailJobs);
  app.log.info({ concurrency: env.QUEUE_CONCURRENCY }, 'VAS posting worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Worker stopping: finishing active jobs');
    await queue.stop({ graceful: true, wait: true, timeout: 20_000 });
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
