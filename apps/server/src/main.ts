import { join } from 'node:path';
import { buildApp } from './app.js';
import { seedConnectionSetting } from './bootstrap/connection-setting.js';
import { seedLedgerAccounts } from './bootstrap/ledger-accounts.js';
import { seedFoundation } from './bootstrap/seed.js';
import { resolveAppKey } from './config/app-key.js';
import { loadEnv } from './config/env.js';
import { webDistDir } from './config/paths.js';
import { openDatabase, runMigrations } from './db/client.js';
import { lockDataDir } from './lib/data-dir-lock.js';
import { closeConnectionsAsTheyIdle, STOP_DEADLINE_MS, stopOnSignals } from './lib/graceful-stop.js';
import { surviveDatabaseFaults } from './db/connection-faults.js';
import { startQueue } from './jobs/queue.js';
import { queueSettings } from './jobs/queue-settings.js';
import { startVasWorker } from './jobs/vas-worker.js';
import { startMailWorker } from './jobs/mail.job.js';
import { startNightlyReconciliation, startReconciliationWorker } from './jobs/reconciliation.job.js';
import { createDemoDataService, STARTUP_DEMO } from './modules/demo-data/demo-data.service.js';
import { startEmbeddedSimulator, type EmbeddedSimulator } from './erp/embedded-simulator.js';

/**
 * `npm start`: migrate, seed, serve the SPA and the API. Embedded (no DATABASE_URL) uses PGlite in
 * DATA_DIR; production uses the Postgres server named by DATABASE_URL.
 */
async function main() {
  const startedAt = Date.now();
  const env = loadEnv();
  // Embedded: this process owns DATA_DIR (PGlite has no lock of its own); a second server stops here.
  if (!env.DATABASE_URL) lockDataDir(env.DATA_DIR, 'server');
  const appKey = resolveAppKey(env);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR, 'pgdata') });
  await runMigrations(database);
  const seeded = await seedFoundation(
    database.db,
    { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    appKey,
  );

  // Without SAP_SL_URL the SAP simulator runs in this process, and an empty connection setting points at it.
  let simulator: EmbeddedSimulator | undefined;
  if (!env.SAP_SL_URL) {
    simulator = await startEmbeddedSimulator({ dataDir: env.DATA_DIR, port: env.SAP_SIM_PORT });
    await seedConnectionSetting(database.db, appKey, simulator.credentials);
  }
  if (simulator || env.SEED_DEMO) await seedLedgerAccounts(database.db);

  const queue = await startQueue(database, queueSettings(env), (err) =>
    console.error('Queue error:', err.message),
  );
  let jobsStopped: Promise<void> = Promise.resolve();
  const app = await buildApp({
    env: { ...env, APP_KEY: appKey, SAP_SL_URL: env.SAP_SL_URL ?? simulator?.url },
    database,
    webDistDir: webDistDir(env.WEB_DIST_DIR),
    queue,
    beforeServicesClose: () => jobsStopped,
  });
  surviveDatabaseFaults(app.log);
  // Embedded mode runs the VAS worker here; production API processes set QUEUE_WORKER=off and run `npm run worker`.
  if (env.QUEUE_WORKER === 'inline') {
    await startVasWorker(queue, app.services.vasWorker, env.QUEUE_CONCURRENCY);
    // Mail (reset links, invitations) goes out through the queue too, off the request path.
    await startMailWorker(queue, app.services.mailJobs, { metrics: app.services.metrics });
    // Reconciliation runs with SAP, and the nightly one (issue 11).
    await startReconciliationWorker(queue, app.services.afterPosting.reconciliation, app.services.metrics);
    startNightlyReconciliation(app.services.afterPosting.reconciliation, app.log);
  }
  if (simulator)
    app.log.info(
      { url: simulator.url, stateFile: simulator.stateFile },
      'SAP Business One simulator (embedded) is running',
    );
  // Embedded mode on a database without trip records: a realistic demo set (`npm run demo-data` makes others).
  if (!env.DATABASE_URL && env.SEED_DEMO) {
    const demoStartedAt = Date.now();
    if (
      await createDemoDataService({ imports: app.services.imports, timeZone: env.APP_TIMEZONE }).loadIfEmpty()
    ) {
      app.log.info({ ...STARTUP_DEMO, ms: Date.now() - demoStartedAt }, 'Loaded the demo data set');
    }
  }
  // SIGTERM, SIGINT or SIGHUP: stop taking requests at once (the port closes; a request arriving on a kept-alive
  // connection is answered 503, so a load balancer retries it elsewhere), let the requests in flight and the
  // queue's active jobs finish side by side, then close the services, the simulator and the database. Within
  // STOP_DEADLINE_MS; a job still running at its timeout is failed back to the queue and retried.
  stopOnSignals(app.log, async (signal) => {
    app.log.info({ signal }, 'Shutting down: finishing in-flight requests and jobs');
    jobsStopped = queue
      .stop({ graceful: true, wait: true, timeout: STOP_DEADLINE_MS - 2_000 })
      .catch((err: unknown) => app.log.warn({ err }, 'The queue did not stop cleanly'));
    const stopClosingIdle = closeConnectionsAsTheyIdle(app.server);
    await app.close();
    stopClosingIdle();
    await simulator?.close();
    await database.close();
    app.log.info({ signal }, 'Stopped');
  });

  // A new embedded database is made by a PGlite instance of its own (initdb), whose WebAssembly memory (about
  // 500 MB) is garbage only once the next full collection runs, which an idle server may not reach for
  // minutes; start.mjs runs the server with --expose-gc so it is collected here, before the first request.
  (globalThis as { gc?: () => void }).gc?.();
  const address = await app.listen({ port: env.PORT, host: env.HOST });
  if (seeded.administrator) {
    const { email, password, generated } = seeded.administrator;
    const banner = generated
      ? `First administrator created. Sign in as ${email} with the password ${password} (shown only this once).`
      : `First administrator created. Sign in as ${email} with the ADMIN_PASSWORD you set.`;
    // Printed plainly (not only as JSON) so a newcomer sees it in the terminal.
    console.log(`\n  ${banner}\n`);
  }
  app.log.info(
    { address, database: database.kind, readyInMs: Date.now() - startedAt },
    `Freight Finance is ready at ${address}`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
