import type PgBoss from 'pg-boss';
import { buildApp, type App } from '../app.js';
import { seedConnectionSetting } from '../bootstrap/connection-setting.js';
import { seedLedgerAccounts } from '../bootstrap/ledger-accounts.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv, type Env } from '../config/env.js';
import { startQueue } from '../jobs/queue.js';
import { queueSettings } from '../jobs/queue-settings.js';
import { startVasWorker } from '../jobs/vas-worker.js';
import { TIME_ZONE } from './posting-records.js';
import { startTestSimulator, type RunningSimulator } from './simulator.js';
import { TestClient, type ClientOptions } from './test-client.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from './test-server.js';

// The posting tests import their records and SAP read-back helpers from here too.
export * from './posting-records.js';
export * from './sap-documents.js';

/**
 * Tests of the posting engine: the real app (HTTP through app.inject) on a fresh database, posting to a real
 * SAP simulator on a free port, optionally with the pg-boss queue and the VAS worker in this process. The
 * app (and queue) can be stopped and started again on the same database and simulator, as a restart would.
 */

/** The APP_KEY of the posting tests (the seeded SAP connection's password is encrypted with it). */
export const APP_KEY = 'p'.repeat(40);

export type PostingDatabase = TestDatabase;

export type HarnessOptions = {
  env?: Record<string, string>;
  /** Start pg-boss (VAS posts need it). */
  queue?: boolean;
  /** Start the VAS worker in this process (needs `queue`); default true when `queue`. */
  worker?: boolean;
  /** Quiet by default; a pino options object to see the app's log. */
  logger?: false | Record<string, unknown>;
  /** Start the app's background work (sweepers, pruning, audit totals); default true (app.ts `background`). */
  background?: boolean;
  /**
   * An installation of the caller's (restore and two-installation tests): its simulator (left running by
   * `close`) and its migrated database (`close` calls its `drop`); seeded unless `seeded` says it already is.
   */
  installation?: { sim: RunningSimulator; database: PostingDatabase; seeded?: boolean };
};

export type PostingHarness = {
  sim: RunningSimulator;
  database: PostingDatabase;
  env: Env;
  readonly app: App;
  readonly queue: PgBoss | undefined;
  /** Errors pg-boss reported (its `error` event). */
  queueErrors: Error[];
  /** Shaped like createTestServer's answer, so test/fixtures.ts (createUser, signedIn) work with it. */
  server: TestServer;
  client(options?: ClientOptions): TestClient;
  signInAsAdmin(): Promise<TestClient>;
  /** Starts the app (and queue and worker as configured) on the same database; `stop` first. */
  start(overrides?: Pick<HarnessOptions, 'queue' | 'worker'>): Promise<void>;
  /** Closes the app, then stops the worker/queue (graceful unless told); the database and simulator stay. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
};

/** A fresh migrated database; on Postgres also its URL (a separate worker process can connect to it). */
export const createPostingDatabase = (): Promise<PostingDatabase> => createTestDatabase();

export async function startPostingHarness(options: HarnessOptions = {}): Promise<PostingHarness> {
  const sim = options.installation?.sim ?? (await startTestSimulator());
  const database = options.installation?.database ?? (await createPostingDatabase());
  if (!options.installation?.seeded) {
    await seedFoundation(
      database.db,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      options.env?.APP_KEY ?? APP_KEY,
    );
    await seedConnectionSetting(database.db, APP_KEY, sim.credentials);
    await seedLedgerAccounts(database.db);
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_KEY,
    APP_URL: 'http://ff.test',
    APP_TIMEZONE: TIME_ZONE,
    SAP_SL_URL: sim.url,
    SAP_TIMEOUT_MS: '5000',
    RATE_LIMIT_PER_MINUTE: '100000',
    VAS_RETRY_DELAY_SECONDS: '1',
    ...options.env,
  });

  let app: App | undefined;
  let queue: PgBoss | undefined;
  const queueErrors: Error[] = [];

  async function start(overrides: Pick<HarnessOptions, 'queue' | 'worker'> = {}) {
    if (app) throw new Error('The app is running; stop it first.');
    const withQueue = overrides.queue ?? options.queue ?? false;
    const withWorker = withQueue && (overrides.worker ?? options.worker ?? true);
    queue = withQueue
      ? await startQueue(database, queueSettings(env), (error) => queueErrors.push(error))
      : undefined;
    app = await buildApp({
      env,
      database,
      logger: (options.logger ?? false) as never,
      queue,
      background: options.background ?? true,
    });
    await app.ready();
    if (withWorker) await startVasWorker(queue!, app.services.vasWorker, env.QUEUE_CONCURRENCY);
  }

  /** As main.ts shuts down: the app first (no new requests, the SAP client closed), then the queue. */
  async function stop(stopOptions: { graceful?: boolean; timeoutMs?: number } = {}) {
    const [runningApp, runningQueue] = [app, queue];
    app = undefined;
    queue = undefined;
    if (runningApp) await runningApp.close();
    if (runningQueue)
      await runningQueue.stop({
        graceful: stopOptions.graceful ?? true,
        wait: true,
        close: false,
        timeout: stopOptions.timeoutMs ?? 10_000,
      });
  }

  const client = (clientOptions?: ClientOptions) => new TestClient(current(), clientOptions);
  const current = () => {
    if (!app) throw new Error('The app is not running.');
    return app;
  };
  async function signInAsAdmin() {
    const admin = client();
    await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    return admin;
  }
  async function close() {
    await stop({ graceful: false }).catch(() => undefined);
    await database.drop();
    if (!options.installation) await sim.close();
  }
  const server = {
    get app() {
      return current();
    },
    env,
    database,
    client,
    signInAsAdmin,
    close,
  } as unknown as TestServer;

  await start();
  return {
    sim,
    database,
    env,
    get app() {
      return current();
    },
    get queue() {
      return queue;
    },
    queueErrors,
    server,
    client,
    signInAsAdmin,
    start,
    stop,
    close,
  };
}
