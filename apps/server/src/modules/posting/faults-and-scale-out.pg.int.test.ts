import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../test/http-client.js';
import {
  expireSessionsEvery,
  FAULTS,
  importMix,
  inFlight,
  pollUntil,
  postMix,
  waitForRechecks,
  type Plan,
  type Sent,
} from '../../test/mixed-posting.js';
import { proveLedger } from '../../test/ledger-proof.js';
import {
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { SCALE_OUT_SETTINGS, useProcessFleet } from '../../test/process-fleet.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) at volume, under every fault the simulator
 * injects at once, through separate API and worker processes as production runs them (docs/architecture.md,
 * "Processes").
 *
 * 1. Faults: 1,000 records of every kind posted through the HTTP API of a real API process (main.ts) in
 *    batches, while SAP answers 10% of calls with a 500, drops the reply of 10% of committed POSTs, takes 0-500 ms
 *    per call and loses every session every 30 s, and while the VAS worker process is killed with SIGKILL (twice)
 *    and started again. Once nothing is `posting` or `queued`, the simulator's read-back proves: no key is in
 *    SAP twice, every posted row has exactly its one document (DocEntry stored), every failed row is listed
 *    with its reason and is not in SAP, and no row is lost.
 *
 * A separate process cannot share an embedded PGlite database, so on PGlite this runs scaled down inside this
 * process (the app listening on 127.0.0.1, the queue worker in-process). Scale-out (two API processes and two
 * workers) and an API killed mid-post are Postgres only: scale-out.postgres.int.test.ts, api-crash.postgres.int.test.ts.
 */

if (process.env.TEST_DB === 'postgres') {
  // This process imports the records and reads the rows back; its queue (no worker) creates pg-boss's schema
  // before the API and worker processes start. Posting goes through the API processes over HTTP.
  const fleet = useProcessFleet(SCALE_OUT_SETTINGS, { queue: true });

  describe('1,000 records through the API under every SAP fault, with the worker killed twice', () => {
    it('ends with every record in SAP at most once, each posted (DocEntry stored) or failed with a reason, none lost', async () => {
      const startedAt = Date.now();
      const plan: Plan = { perKind: 200, batch: 50, lanes: 3 };
      const ids = await importMix(fleet.h, plan.perKind);
      const api = await fleet.startApi();
      let worker = await fleet.startWorker();
      const client = await new HttpClient(api.url).signIn();

      await simConfig(fleet.h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(fleet.h.sim, 30_000);
      const vasSettled = async () =>
        (await storedRows(fleet.h, 'vas', ids.VAS)).filter(
          (r) => r.status === 'posted' || r.status === 'failed',
        ).length;
      const kills: { stranded: number; settled: number }[] = [];
      let stopped = false;
      // The worker is killed mid-batch twice (after a quarter and after 60% of the VAS rows are settled) and a new
      // one started at once; what the dead one had in hand is taken over once its jobs expire.
      const choreography = (async () => {
        for (const share of [0.25, 0.6]) {
          await pollUntil(
            async () => stopped || (await vasSettled()) >= plan.perKind * share,
            `${share * 100}% of the VAS rows to settle`,
            180_000,
          );
          if (stopped) return;
          const rows = await storedRows(fleet.h, 'vas', ids.VAS);
          const killed = await worker.kill('SIGKILL');
          expect(killed.signal).toBe('SIGKILL');
          kills.push({
            stranded: rows.filter((r) => r.status === 'posting').length,
            settled: rows.filter((r) => r.status === 'posted' || r.status === 'failed').length,
          });
          worker = await fleet.startWorker();
        }
      })().then(
        () => null,
        (error: unknown) => error,
      );
      let sent: Sent[];
      try {
        sent = await postMix(fleet.h, client, ids, plan);
        const failure = await choreography;
        if (failure) throw failure;
        await pollUntil(
          async () => (await inFlight(fleet.h, ids)) === 0,
          'no row left posting or queued',
          180_000,
          1_000,
        );
      } finally {
        stopped = true;
        const expirations = stopExpiring();
        const stats = (await fleet.h.sim.stats()) as Record<string, unknown>;
        console.log(
          `faults: ${JSON.stringify({ kills, expirations, stats, seconds: Math.round((Date.now() - startedAt) / 1000) })}`,
        );
        await resetFaults(fleet.h.sim);
      }
      // The faults did happen.
      const stats = (await fleet.h.sim.stats()) as unknown as {
        injectedErrors: number;
        droppedReplies: number;
      };
      expect(stats.injectedErrors).toBeGreaterThan(0);
      expect(stats.droppedReplies).toBeGreaterThan(0);
      expect(kills).toHaveLength(2);
      expect(kills.some((k) => k.stranded > 0)).toBe(true);

      await waitForRechecks(fleet.h, Number(SCALE_OUT_SETTINGS.SAP_TIMEOUT_MS));
      const figures = await proveLedger(fleet.h, client, ids, sent);
      expect(figures.records).toBe(1_000);
      // Failures are the exception (an injected 500 with its look-up failing too, or the like), not the rule.
      expect(figures.posted).toBeGreaterThan(figures.postings * 0.6);

      expect((await worker.kill('SIGTERM')).code).toBe(0);
      expect((await api.kill('SIGTERM')).code).toBe(0);
    }, 300_000);
  });
} else {
  describe('faults on embedded PGlite (scaled down; separate processes need PostgreSQL)', () => {
    let h: PostingHarness;
    beforeAll(async () => {
      h = await startPostingHarness({
        queue: true,
        env: {
          SAP_TIMEOUT_MS: '3000',
          VAS_JOB_EXPIRE_SECONDS: '10',
          VAS_RETRY_DELAY_SECONDS: '1',
          VAS_RETRY_LIMIT: '6',
          QUEUE_CONCURRENCY: '4',
          POSTING_CONCURRENCY: '8',
        },
      });
    }, 120_000);
    afterAll(async () => {
      await h?.close();
    });

    it('50 mixed records over real HTTP under every SAP fault: each in SAP at most once, posted or failed with a reason, none lost', async () => {
      const plan: Plan = { perKind: 10, batch: 5, lanes: 2 };
      const ids = await importMix(h, plan.perKind);
      const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = await new HttpClient(url).signIn();
      await simConfig(h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(h.sim, 2_000);
      let sent: Sent[];
      try {
        sent = await postMix(h, client, ids, plan);
        await pollUntil(async () => (await inFlight(h, ids)) === 0, 'no row left posting or queued', 120_000);
      } finally {
        stopExpiring();
        await resetFaults(h.sim);
      }
      await waitForRechecks(h, 3_000);
      const figures = await proveLedger(h, client, ids, sent);
      expect(figures.records).toBe(50);
    }, 180_000);
  });
}
