import { join } from 'node:path';
import { log, ROOT } from './common.js';
import { ADMIN, APP_KEY, TIME_ZONE } from './database.js';
import { benchReady, serverReady, startProcess, tsxArgs, type Started } from './processes.js';

const MAIN = join(ROOT, 'apps/server/src/main.ts');
const WORKER = join(ROOT, 'apps/server/src/worker.ts');
const SIM = join(ROOT, 'bench/lib/sim-process.ts');

export type ApiServer = Started<{ address: string; readyInMs: number }> & { url: string };

/**
 * What every API process of the benchmarks starts with: production, listening on 127.0.0.1 at `port` (0: a
 * free one), the benchmarks' key, time zone and first administrator. Without `sapUrl` (SAP_SL_URL) main.ts
 * starts the embedded simulator; without `databaseUrl` it runs embedded (PGlite in `dataDir`).
 */
export function apiServerEnv(options: {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  sapUrl?: string;
}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    APP_KEY,
    APP_TIMEZONE: TIME_ZONE,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: options.dataDir,
    SAP_SL_URL: options.sapUrl,
  };
}

/**
 * The real production entry (apps/server/src/main.ts, from source through tsx) on PostgreSQL, listening on
 * 127.0.0.1 on a free port. Production settings (LOG_LEVEL info, request logging on) unless overridden.
 */
export async function startApiServer(options: {
  name: string;
  databaseUrl: string;
  sapUrl?: string;
  dataDir: string;
  logFile: string;
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<ApiServer> {
  const started = await startProcess({
    name: options.name,
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), ...tsxArgs(MAIN)],
    env: {
      // The benchmarks pass their own simulator (sapUrl).
      ...apiServerEnv({ port: 0, ...options }),
      QUEUE_WORKER: 'off',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    ready: serverReady,
    logFile: options.logFile,
    timeoutMs: 120_000,
  });
  log(
    `${options.name} ready at ${started.ready.address} (pid ${started.pid}, readyInMs ${started.ready.readyInMs})`,
  );
  return Object.assign(started, { url: started.ready.address });
}

/** `npm run worker`'s entry (apps/server/src/worker.ts) from source: a separate VAS queue worker process. */
export async function startWorker(options: {
  name: string;
  databaseUrl: string;
  sapUrl: string;
  concurrency: number;
  logFile: string;
  env?: Record<string, string>;
  /** Another entry with the same contract (bench/lib/vas-worker-what-if.ts). */
  entry?: string;
}) {
  const started = await startProcess({
    name: options.name,
    command: process.execPath,
    args: tsxArgs(options.entry ?? WORKER),
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      SAP_SL_URL: options.sapUrl,
      APP_KEY,
      APP_TIMEZONE: TIME_ZONE,
      QUEUE_CONCURRENCY: String(options.concurrency),
      LOG_LEVEL: 'info',
      ...options.env,
    },
    ready: (_line, json) => (json?.msg === 'VAS posting worker started' ? true : undefined),
    logFile: options.logFile,
    timeoutMs: 120_000,
  });
  log(`${options.name} started (pid ${started.pid}, QUEUE_CONCURRENCY ${options.concurrency})`);
  return started;
}

export type SimulatorProcess = Started<Record<string, unknown>> & {
  url: string;
  origin: string;
  credentials: { companyDb: string; username: string; password: string };
  control<T = any>(path: string, body?: unknown): Promise<T>;
};

/** The SAP Service Layer simulator (@ff/sap-sim) in its own process, state in memory. */
export async function startSimulator(options: { logFile: string }): Promise<SimulatorProcess> {
  const started = await startProcess({
    name: 'sap-sim',
    command: process.execPath,
    args: tsxArgs(SIM),
    ready: benchReady,
    logFile: options.logFile,
  });
  const url = String(started.ready.url);
  const origin = new URL(url).origin;
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`Simulator control ${path} failed: ${JSON.stringify(json)}`);
    return json;
  };
  log(`SAP simulator at ${url} (pid ${started.pid})`);
  return Object.assign(started, {
    url,
    origin,
    credentials: started.ready.credentials as SimulatorProcess['credentials'],
    control,
  });
}
