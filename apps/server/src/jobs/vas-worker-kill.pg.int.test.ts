import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import { waitFor } from '../test/fixtures.js';
import {
  APP_KEY,
  expectPostedOnce,
  journalLines,
  keyOf,
  ledgerId,
  makeRecords,
  nairobiDay,
  simConfig,
  startPostingHarness,
  storedRows,
  TIME_ZONE,
  type PostingHarness,
} from '../test/posting-harness.js';
import { spawnWorkerProcess, type WorkerProcess } from '../test/posting-worker-process.js';

/**
 * `npm run worker` as separate processes on Postgres: a worker killed with SIGKILL in the middle of SAP calls,
 * then a second worker that picks the expired jobs up. Each row must end in SAP exactly once. A separate
 * process cannot share an embedded PGlite database, so on PGlite only the worker's refusal to run is checked.
 */
if (process.env.TEST_DB === 'postgres') {
  describe('a VAS worker process killed with SIGKILL', () => {
    const SETTINGS = {
      SAP_TIMEOUT_MS: '2000',
      VAS_JOB_EXPIRE_SECONDS: '5',
      VAS_RETRY_DELAY_SECONDS: '1',
      VAS_RETRY_LIMIT: '8',
      QUEUE_CONCURRENCY: '4',
    };
    let h: PostingHarness;
    const workers: WorkerProcess[] = [];
    const startWorker = () => {
      const worker = spawnWorkerProcess({
        ...SETTINGS,
        DATABASE_URL: h.database.url!,
        SAP_SL_URL: h.sim.url,
        APP_KEY,
        APP_TIMEZONE: TIME_ZONE,
        SEED_DEMO: 'false',
      });
      workers.push(worker);
      return worker;
    };

    beforeAll(async () => {
      // This process only takes the post requests (it enqueues); the workers are the child processes.
      h = await startPostingHarness({ queue: true, worker: false, env: SETTINGS });
    }, 120_000);
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.kill('SIGKILL')));
      await h?.close();
    });

    it('leaves no row posted twice: a second worker takes the expired jobs over and settles each row once', async () => {
      const ids = await makeRecords(h, 'vas', 12, (i) => ({
        sellingUnitPrice: (600 + i).toFixed(2),
        buyingUnitPrice: (500 + i).toFixed(2),
      }));
      const [revenue, cost] = await Promise.all([ledgerId(h, '410200'), ledgerId(h, '510200')]);
      const admin = await h.signInAsAdmin();
      const today = nairobiDay();
      const response = await admin.post('/api/v1/journalVasTransaction', {
        postSap: ids.map((id) => ({
          vasTransactionId: id,
          sapAccountRevenue: revenue,
          sapAccountCost: cost,
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: `K-${id}`,
        })),
      });
      expect(response.status).toBe(200);
      expect(response.body.queued).toHaveLength(12);

      // Every SAP call takes 1.5 s: the first worker is killed while its POSTs are inside SAP, which commits
      // them after the worker is gone.
      await simConfig(h.sim, { latencyMs: 1_500 });
      const first = startWorker();
      await first.ready();
      await waitFor(
        async () => {
          const stats = await h.sim.stats();
          // Its POSTs, not the look-up each row makes first.
          return (stats.writes.JournalEntries ?? 0) > 0;
        },
        'the first worker to send its POSTs',
        60_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const killed = await first.kill('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');

      const stranded = (await storedRows(h, 'vas', ids)).filter((r) => r.status === 'posting');
      expect(stranded.length).toBeGreaterThan(0);
      // Its POSTs land in SAP after it died.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect((await h.sim.stats()).created.JournalEntries ?? 0).toBeGreaterThan(0);

      await simConfig(h.sim, { latencyMs: [20, 80] });
      const second = startWorker();
      await second.ready();
      await waitFor(
        async () =>
          (await storedRows(h, 'vas', ids)).every((r) => r.status === 'posted' || r.status === 'failed'),
        // Job expiry (5 s) + pg-boss maintenance (as often as the expiry) + the dead worker's lease (5 s) + retry
        // backoff: well under a minute. (pg-boss's default maintenance interval alone would be 2 minutes.)
        'the second worker to settle every row',
        60_000,
      );
      const rows = await storedRows(h, 'vas', ids);
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'posted'));
      const docs = await expectPostedOnce(
        h.sim,
        ids.map((id) => keyOf('VAS', id)),
      );
      docs.forEach((doc, i) => {
        expect(doc).toMatchObject({ ReferenceDate: today, Reference2: `K-${ids[i]}` });
        expect(journalLines(doc)).toEqual([
          ['T20004', 600 + i, 0],
          ['410200', 0, 600 + i],
          ['510200', 500 + i, 0],
          ['S30004', 0, 500 + i],
        ]);
      });
      expect(rows.map((r) => r.sapDocEntry)).toEqual(docs.map((d) => d.JdtNum));
      // The rows the dead worker had in SAP were found by their key, not posted again.
      const attempts = await h.database.db
        .select()
        .from(postingAttempts)
        .where(inArray(postingAttempts.recordId, ids));
      const strandedIds = stranded.map((r) => r.id as number);
      const found = attempts.filter((a) => a.kind === 'VAS' && a.outcome === 'found').map((a) => a.recordId);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((id) => strandedIds.includes(id))).toBe(true);

      const stopped = await second.kill('SIGTERM');
      expect(stopped.code).toBe(0);
    }, 180_000);
  });
} else {
  describe('the VAS worker process on embedded PGlite', () => {
    it('refuses to start without DATABASE_URL: in embedded mode the worker runs inside npm start', async () => {
      const worker = spawnWorkerProcess({ SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' });
      const { code } = await worker.exited;
      expect(code).toBe(1);
      expect(worker.output.join('')).toContain(
        'npm run worker needs DATABASE_URL: in embedded mode the worker runs inside npm start.',
      );
    }, 60_000);
  });
}
