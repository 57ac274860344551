import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { isConnectionError } from '../../db/connection-faults.js';
import { startQueue } from '../../jobs/queue.js';
import { createTestServer } from '../../test/test-server.js';
import { logLines, spawnApiProcess, type ApiProcess } from '../../test/api-process.js';
import { HttpClient } from '../../test/http-client.js';
import { proveLedger } from '../../test/ledger-proof.js';
import {
  inFlight,
  PATH,
  pollUntil,
  postBodies,
  sleep,
  waitForRechecks,
  type Ids,
  type Sent,
} from '../../test/mixed-posting.js';
import {
  APP_KEY,
  documentsByKey,
  makeRecords,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRows,
  createPostingDatabase,
  TIME_ZONE,
  type PostingDatabase,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { spawnWorkerProcess, type WorkerProcess } from '../../test/posting-worker-process.js';

/**
 * A database that goes away is survived, not fatal (issue 9, finding 9). On PostgreSQL, real API and worker
 * processes (main.ts, worker.ts) post a 500-row batch and run the VAS queue while every connection of the
 * test database is terminated three times (what a failover or a PostgreSQL restart does), then the database
 * refuses connections for 10 s in the middle of another post, then a records table is locked for 15 s. The
 * processes keep running, every post answers what it knows (never a 5xx, never a dropped connection, no SQL in
 * a row's reason), /health/ready goes 503 and back to 200 without a restart, and once the sweepers have run SAP
 * holds no key twice, no row is lost, and no row listed failed is in SAP.
 */

/** Text a finance user must never see as a row's reason: SQL, driver or PostgreSQL wording. */
const TECHNICAL =
  /failed query|select |update |insert |posting_attempts|pg_|terminating connection|econn|client has encountered/i;

/** Superuser statements on the server's maintenance database (TEST_DATABASE_URL), never on another application's. */
async function asSuperuser<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
/** What a failover does to the application: every connection to its database is cut. */
const terminateAll = async (dbName: string) =>
  Number(
    (
      await asSuperuser<{ n: string }>(
        'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      )
    )[0]!.n,
  );
const allowConnections = (dbName: string, allow: boolean) =>
  asSuperuser(`ALTER DATABASE "${dbName}" WITH ALLOW_CONNECTIONS ${allow}`);
const dbNameOf = (database: PostingDatabase) => new URL(database.url!).pathname.slice(1);

/** Errors nobody handled while `run` ran (each would end a production process). */
async function unhandledDuring(run: () => Promise<void>) {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    await run();
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  return seen.map((e) => (e instanceof Error ? e.message : String(e)));
}

if (process.env.TEST_DB === 'postgres') {
  describe('a connection cut under the application', () => {
    let database: PostingDatabase;
    beforeAll(async () => {
      database = await createPostingDatabase();
    });
    afterAll(async () => {
      await allowConnections(dbNameOf(database), true);
      await database.drop();
    });

    it('fails the transaction that held it, not the process, and the pool serves the next query', async () => {
      let failure: unknown;
      const unhandled = await unhandledDuring(async () => {
        failure = await database.db
          .transaction(async (tx) => {
            const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
            // The connection is idle in this transaction when the server ends it.
            await asSuperuser('SELECT pg_terminate_backend($1)', [row!.pid]);
            await sleep(300);
            await tx.execute(sql`SELECT 1`);
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
      });
      expect(unhandled).toEqual([]);
      expect(isConnectionError(failure)).toBe(true);
      expect(rowsOf(await database.db.execute(sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
    });

    it("pg-boss's unawaited job completions fail quietly while the database refuses connections; the job still completes", async () => {
      const name = dbNameOf(database);
      const queueErrors: Error[] = [];
      const boss = await startQueue(
        database,
        { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 5, maintenanceIntervalSeconds: 1 },
        (e) => queueErrors.push(e),
      );
      await boss.createQueue('fault-probe', {
        name: 'fault-probe',
        retryLimit: 3,
        retryDelay: 1,
        expireInSeconds: 5,
      });
      const jobId = (await boss.send('fault-probe', {}))!;
      const deliveries: number[] = [];
      /** The database goes away while the handler runs and comes back 2.5 s later. */
      const awayFor = async (ms: number) => {
        await allowConnections(name, false);
        await terminateAll(name);
        setTimeout(() => void allowConnections(name, true), ms);
      };
      let state = '';
      const unhandled = await unhandledDuring(async () => {
        await boss.work(
          'fault-probe',
          { pollingIntervalSeconds: 0.5, includeMetadata: true },
          async ([job]) => {
            deliveries.push(job!.retryCount);
            await awayFor(2_500);
            // First delivery: pg-boss fails the job (unawaited) while the database is away; second: it completes it.
            if (deliveries.length === 1) throw new Error('first delivery fails');
          },
        );
        await pollUntil(
          async () => {
            state = (await boss.getJobById('fault-probe', jobId).catch(() => null))?.state ?? state;
            return state === 'completed';
          },
          'the job to complete',
          30_000,
        ).catch(() => undefined);
      });
      await boss.stop({ graceful: false, close: false, wait: true });
      expect(unhandled).toEqual([]);
      expect(state).toBe('completed');
      expect(deliveries.length).toBeGreaterThanOrEqual(2);
      expect(queueErrors.some((e) => /Could not record a job as failed/.test(e.message))).toBe(true);
    }, 90_000);
  });

  // SAP calls time out after 3 s, so a lease is stale after 6 s and the sweepers run every 3 s; a dead job
  // expires after 10 s. SAP takes 150-350 ms per call, so the 500-row post runs for several seconds.
  const SETTINGS = {
    SAP_TIMEOUT_MS: '3000',
    VAS_JOB_EXPIRE_SECONDS: '10',
    VAS_RETRY_DELAY_SECONDS: '1',
    VAS_RETRY_LIMIT: '10',
    QUEUE_CONCURRENCY: '4',
    POSTING_CONCURRENCY: '16',
  };
  let h: PostingHarness;
  let dataDir: string;
  let dbName: string;
  const processes: (ApiProcess | WorkerProcess)[] = [];

  const cutAll = () => terminateAll(dbName);
  const allow = (yes: boolean) => allowConnections(dbName, yes);

  const health = async (api: ApiProcess, path: '/health/live' | '/health/ready') => {
    const response = await fetch(`${api.url}${path}`, { signal: AbortSignal.timeout(5_000) });
    return response.status;
  };
  const running = (p: ApiProcess | WorkerProcess) => p.child.exitCode === null && p.child.signalCode === null;
  const lastOutput = (p: ApiProcess | WorkerProcess) => p.output.join('').slice(-3000);
  const keysInSap = async (prefix: string) =>
    [...(await documentsByKey(h.sim)).keys()].filter((k) => k.startsWith(prefix)).length;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ff-db-faults-'));
    // This process imports the records and reads them back; the API process creates pg-boss's schema.
    h = await startPostingHarness({ queue: false, env: SETTINGS });
    dbName = new URL(h.database.url!).pathname.slice(1);
  }, 120_000);
  afterEach(async () => {
    await allow(true);
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
  });
  afterAll(async () => {
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('terminated connections, refused connections and a held lock', () => {
    it('keep the API and worker processes running; every post answers; nothing is lost or doubled', async () => {
      const startedAt = Date.now();
      const ids: Ids = {
        SI: await makeRecords(h, 'sales', 100),
        FJ: [],
        CA: await makeRecords(h, 'cash', 500),
        FA: [],
        VAS: await makeRecords(h, 'vas', 100),
      };
      const env = {
        ...SETTINGS,
        DATABASE_URL: h.database.url!,
        SAP_SL_URL: h.sim.url,
        APP_KEY,
        APP_TIMEZONE: TIME_ZONE,
        SEED_DEMO: 'false',
      };
      const api = await spawnApiProcess({
        ...env,
        QUEUE_WORKER: 'off',
        HOST: '127.0.0.1',
        PORT: '0',
        RATE_LIMIT_PER_MINUTE: '100000',
        DATA_DIR: dataDir,
      });
      processes.push(api);
      const worker = spawnWorkerProcess(env);
      processes.push(worker);
      await worker.ready(90_000);
      const client = await new HttpClient(api.url).signIn();
      const body = await postBodies(h);
      const sent: Sent[] = [];
      const post = async (step: 'SI' | 'CA' | 'VAS', batch: number[]) => {
        const answer = await client.post(PATH[step], body(step, batch)).catch((error: unknown) => {
          throw new Error(
            `POST ${PATH[step]} got no answer (${String(error)}); the API process wrote:\n${lastOutput(api)}`,
          );
        });
        sent.push({ step, ids: batch, status: answer.status, body: answer.body });
        return answer;
      };
      const stillRunning = () => {
        for (const p of [api, worker]) expect(running(p), lastOutput(p)).toBe(true);
      };

      // 1. Three cuts of every connection during a 500-row post and the VAS queue's run.
      await simConfig(h.sim, { latencyMs: [150, 350] });
      const vasAnswer = await post('VAS', ids.VAS);
      expect(vasAnswer.status).toBe(200);
      let cashAnswered = false;
      const cash = post('CA', ids.CA).finally(() => {
        cashAnswered = true;
      });
      const cuts: { inSapBefore: number; vasInSap: number; terminated: number; postPending: boolean }[] = [];
      for (const threshold of [40, 160, 280]) {
        await pollUntil(
          async () => cashAnswered || (await keysInSap('FF-CA-')) >= threshold,
          `${threshold} cash advances in SAP`,
          60_000,
          100,
        );
        cuts.push({
          inSapBefore: await keysInSap('FF-CA-'),
          vasInSap: await keysInSap('FF-VAS-'),
          postPending: !cashAnswered,
          terminated: await cutAll(),
        });
        await sleep(300);
      }
      const cashAnswer = await cash;
      console.log(`database faults, cuts: ${JSON.stringify(cuts)}`);
      expect(cuts.every((c) => c.postPending && c.terminated > 0)).toBe(true);
      expect([200, 422]).toContain(cashAnswer.status);
      expect(
        (cashAnswer.body.failed as { message: string }[]).filter((f) => TECHNICAL.test(f.message)),
      ).toEqual([]);
      stillRunning();
      expect(await health(api, '/health/live')).toBe(200);

      // 2. The database refuses connections for 10 s while a post's rows are in SAP.
      let salesAnswered = false;
      const sales = post('SI', ids.SI).finally(() => {
        salesAnswered = true;
      });
      await pollUntil(
        async () => salesAnswered || (await keysInSap('FFSI')) >= 20,
        '20 sales invoices in SAP',
        60_000,
        100,
      );
      const refusedAt = Date.now();
      await allow(false);
      await cutAll();
      const readyWhileRefused: number[] = [];
      // A request that needs the database meanwhile is told so (503 with a retry hint), not a bare 500.
      const listWhileRefused = await client.get(PATH.CA);
      while (Date.now() - refusedAt < 10_000) {
        readyWhileRefused.push(await health(api, '/health/ready'));
        await sleep(500);
      }
      await allow(true);
      const allowedAt = Date.now();
      const salesAnswer = await sales;
      console.log(
        `database faults, the post during the refusal: ${salesAnswer.status}, ${salesAnswer.body.posted?.length} posted, ${salesAnswer.body.failed?.length} failed`,
      );
      expect(readyWhileRefused).toContain(503);
      expect(listWhileRefused).toMatchObject({
        status: 503,
        body: { message: expect.stringMatching(/database is not reachable/) },
      });
      expect([200, 422]).toContain(salesAnswer.status);
      expect(
        (salesAnswer.body.failed as { message: string }[]).filter((f) => TECHNICAL.test(f.message)),
      ).toEqual([]);
      await pollUntil(
        async () => (await health(api, '/health/ready')) === 200,
        '/health/ready to answer 200 again',
        30_000,
      );
      await pollUntil(
        async () => (await storedRows(h, 'sales', ids.SI)).every((r) => r.status !== 'posting'),
        'no sales invoice left posting',
        60_000,
        250,
      );
      const deferred = logLines(api.output).filter(
        (l) => l.msg === 'The database is not reachable; the write is retried in the background',
      ).length;
      console.log(
        `database faults: every sales invoice settled ${((Date.now() - allowedAt) / 1000).toFixed(1)} s after connections were allowed again (${deferred} writes deferred)`,
      );
      stillRunning();

      // 3. A records table locked for 15 s: readiness answers (503) instead of hanging, the list waits it out.
      const locker = new pg.Client({ connectionString: h.database.url });
      await locker.connect();
      let listStatus = 0;
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE cash_advances IN ACCESS EXCLUSIVE MODE');
        const lockedAt = Date.now();
        const list = client.get(PATH.CA).then((r) => (listStatus = r.status));
        const readyWhileLocked: number[] = [];
        while (Date.now() - lockedAt < 15_000) {
          readyWhileLocked.push(await health(api, '/health/ready'));
          await sleep(500);
        }
        expect(readyWhileLocked).toContain(503);
        expect(listStatus).toBe(0);
        await locker.query('COMMIT');
        await list;
      } finally {
        await locker.end();
      }
      expect(listStatus).toBe(200);
      await pollUntil(
        async () => (await health(api, '/health/ready')) === 200,
        '/health/ready to answer 200 again',
        30_000,
      );
      stillRunning();

      // Afterwards: the sweepers settle what the faults left in flight, and SAP's read-back proves the ledger.
      await pollUntil(
        async () => (await inFlight(h, ids)) === 0,
        'no row left posting or queued',
        120_000,
        1_000,
      );
      await resetFaults(h.sim);
      await waitForRechecks(h, Number(SETTINGS.SAP_TIMEOUT_MS));
      const figures = await proveLedger(h, client, ids, sent);
      expect(figures.records).toBe(700);
      stillRunning();
      expect(await health(api, '/health/live')).toBe(200);
      console.log(`database faults: ${Math.round((Date.now() - startedAt) / 1000)} s`);
      expect((await worker.kill('SIGTERM')).code).toBe(0);
      expect((await api.kill('SIGTERM')).code).toBe(0);
    }, 300_000);
  });
} else {
  describe('/health/ready on embedded PGlite', () => {
    it('answers 503 within its deadline while a long transaction holds the database, and 200 once it ends', async () => {
      const server = await createTestServer();
      try {
        let release = () => undefined as void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const transaction = server.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await held;
        });
        // Held for 10 s at most: a probe without a deadline answers 200 only once it ends.
        const safety = setTimeout(release, 10_000);
        await sleep(100);
        const whileHeld = await server.client().get('/health/ready');
        release();
        clearTimeout(safety);
        await transaction;
        expect(whileHeld).toMatchObject({ status: 503, body: { status: 'unavailable' } });
        expect(await server.client().get('/health/ready')).toMatchObject({
          status: 200,
          body: { status: 'ready' },
        });
      } finally {
        await server.close();
      }
    });
  });
}
