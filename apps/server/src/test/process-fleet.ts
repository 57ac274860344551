import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { spawnApiProcess, type ApiProcess } from './api-process.js';
import { APP_KEY, startPostingHarness, TIME_ZONE, type PostingHarness } from './posting-harness.js';
import { spawnWorkerProcess, type WorkerProcess } from './posting-worker-process.js';

/**
 * Test-time knobs of the scale-out suites (as vas-worker-kill.pg.int.test.ts): SAP calls time out after 3 s, so a
 * row's lease is stale after 6 s (the sweeper runs every 3 s); a dead worker's job expires after 10 s (longer than
 * its longest run: look-up + POST + settle + look-up) and is retried after 1 s, doubling.
 */
export const SCALE_OUT_SETTINGS = {
  SAP_TIMEOUT_MS: '2000',
  VAS_JOB_EXPIRE_SECONDS: '10',
  VAS_RETRY_DELAY_SECONDS: '1',
  VAS_RETRY_LIMIT: '6',
  QUEUE_CONCURRENCY: '4',
  POSTING_CONCURRENCY: '16',
};

/**
 * The suites that run the server as production does, in separate processes on PostgreSQL (the .pg. suites of
 * modules/posting): before the suite, a posting harness in this process (it imports the records and reads them
 * back; with `queue`, its queue creates pg-boss's schema before the processes start); API processes (main.ts, no
 * queue worker) and worker processes (worker.ts) on its database and simulator, with `settings`. Every process is
 * killed after each test; after the suite the harness is closed and the API processes' data folder removed.
 */
export function useProcessFleet(settings: Record<string, string>, options: { queue: boolean }) {
  let h: PostingHarness | undefined;
  let dataDir: string | undefined;
  const processes: (ApiProcess | WorkerProcess)[] = [];
  const started = () => {
    if (!h) throw new Error('The process fleet is used before its beforeAll ran');
    return h;
  };
  /** Every process started so far is gone (a failed test leaves none running into the next). */
  const killAll = () => Promise.all(processes.map((p) => p.kill('SIGKILL')));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ff-processes-'));
    h = await startPostingHarness({ queue: options.queue, worker: false, env: settings });
  }, 120_000);
  afterEach(async () => {
    await killAll();
  });
  afterAll(async () => {
    await killAll();
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** What every process gets: the settings, the database, the simulator, the app key and time zone. */
  const processEnv = () => ({
    ...settings,
    DATABASE_URL: started().database.url!,
    SAP_SL_URL: started().sim.url,
    APP_KEY,
    APP_TIMEZONE: TIME_ZONE,
    SEED_DEMO: 'false',
  });

  return {
    get h() {
      return started();
    },
    /** An API process (main.ts) listening on 127.0.0.1, its queue worker off. */
    async startApi() {
      const api = await spawnApiProcess({
        ...processEnv(),
        QUEUE_WORKER: 'off',
        HOST: '127.0.0.1',
        PORT: '0',
        RATE_LIMIT_PER_MINUTE: '100000',
        DATA_DIR: dataDir!,
      });
      processes.push(api);
      return api;
    },
    /** A worker process (worker.ts), once it is ready. */
    async startWorker() {
      const worker = spawnWorkerProcess(processEnv());
      processes.push(worker);
      await worker.ready(90_000);
      return worker;
    },
  };
}
