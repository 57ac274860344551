/**
 * bench:startup's breakdown: main()'s start-up sequence (apps/server/src/main.ts, embedded mode) step by
 * step with a timer around each, on an existing data directory, `runs` times; then closes everything as
 * main's shutdown does. Same modules as the bundle, run from source (tsx), so module loading is not part of
 * these phases. Argument: JSON { dataDir, runs }. Prints BENCH_RESULT {...}.
 */
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { seedConnectionSetting } from '../../apps/server/src/bootstrap/connection-setting.js';
import { seedLedgerAccounts } from '../../apps/server/src/bootstrap/ledger-accounts.js';
import { seedFoundation } from '../../apps/server/src/bootstrap/seed.js';
import { resolveAppKey } from '../../apps/server/src/config/app-key.js';
import { loadEnv } from '../../apps/server/src/config/env.js';
import { webDistDir } from '../../apps/server/src/config/paths.js';
import { openDatabase, runMigrations } from '../../apps/server/src/db/client.js';
import { startEmbeddedSimulator } from '../../apps/server/src/erp/embedded-simulator.js';
import { startQueue } from '../../apps/server/src/jobs/queue.js';
import { queueSettings } from '../../apps/server/src/jobs/queue-settings.js';
import { startVasWorker } from '../../apps/server/src/jobs/vas-worker.js';
import { createDemoDataService } from '../../apps/server/src/modules/demo-data/demo-data.service.js';

const { dataDir, runs } = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string; runs: number };
const all: Record<string, number>[] = [];

for (let run = 0; run < runs; run += 1) {
  const phases: Record<string, number> = {};
  let last = performance.now();
  const mark = (name: string) => {
    const now = performance.now();
    phases[name] = Number((now - last).toFixed(1));
    last = now;
  };
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SAP_SL_URL: '',
    PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Bench-Password-2026!',
  });
  const appKey = resolveAppKey(env);
  const database = await openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR, 'pgdata') });
  mark('openDatabase (PGlite)');
  await runMigrations(database);
  mark('runMigrations');
  await seedFoundation(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }, appKey);
  mark('seedFoundation');
  const simulator = await startEmbeddedSimulator({ dataDir: env.DATA_DIR, port: 0 });
  mark('startEmbeddedSimulator');
  await seedConnectionSetting(database.db, appKey, simulator.credentials);
  await seedLedgerAccounts(database.db);
  mark('seed connection + ledgers');
  const queue = await startQueue(database, queueSettings(env), () => undefined);
  mark('startQueue (pg-boss)');
  const app = await buildApp({
    env: { ...env, APP_KEY: appKey, SAP_SL_URL: simulator.url },
    database,
    webDistDir: webDistDir(env.WEB_DIST_DIR),
    queue,
    logger: false,
  });
  mark('buildApp');
  await startVasWorker(queue, app.services.vasWorker, env.QUEUE_CONCURRENCY);
  mark('startVasWorker');
  await createDemoDataService({ imports: app.services.imports, timeZone: env.APP_TIMEZONE }).loadIfEmpty();
  mark('demo loadIfEmpty');
  await app.listen({ port: 0, host: '127.0.0.1' });
  mark('listen');
  all.push(phases);
  await app.close();
  await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
  await simulator.close();
  await database.close();
}

const names = Object.keys(all[0] ?? {});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const medians = Object.fromEntries(names.map((n) => [n, median(all.map((p) => p[n]!))]));
console.log(
  `BENCH_RESULT ${JSON.stringify({
    runs: all,
    medianMs: medians,
    totalMedianMs: Number(
      Object.values(medians)
        .reduce((s, v) => s + v, 0)
        .toFixed(1),
    ),
  })}`,
);
process.exit(0);
