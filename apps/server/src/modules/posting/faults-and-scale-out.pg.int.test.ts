import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../test/http-client.js';
import {
  expireSessionsEvery,
  FAULTS,
  importMix,
  OWN_ROW_STEPS,
  noneInFlight,
  pollUntil,
  postMix,
  waitForRechecks,
  type Plan,
} from '../../test/mixed-posting.js';
import { proveLedger, type SentPost } from '../../test/ledger-proof.js';
import {
  nairobiDay,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { SCALE_OUT_SETTINGS, useProcessFleet } from '../../test/process-fleet.js';
import {
  expectReversalsSettled,
  faultCount,
  pendingReversals,
  reverseAndRepost,
  type Connection,
  type ReversalChaos,
} from '../../test/reversal-chaos.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) at volume, under every fault the simulator
 * injects at once, through separate API and worker processes as production runs them (docs/architecture.md,
 * "Processes").
 *
 * 1. Faults: 1,000 records of every kind posted through the HTTP API of a real API process (main.ts) in
 *    batches, while SAP answers 10% of calls with a 500, drops the reply of 10% of committed POSTs, takes 0-200 ms
 *    per call and loses every session every 15 s, and while the VAS worker process is killed with SIGKILL (twice)
 *    and started again.
 * 2. Reversals (issue 11), the faults still on: a quarter of the posted records of every kind reversed through
 *    POST /api/v1/postings/{id}/reverse (a first journal after its second), each asked again until it is
 *    reversed (a lost reply or a failed look-up leaves it unconfirmed; the route looks before cancelling again),
 *    while the API process is killed with SIGKILL mid-way and started again (the reversal sweeper settles what it
 *    left); then half of the reversed records posted again under their next key (FF-CA-12-R2, FR2-C).
 * Once nothing is in flight, the simulator's read-back proves (ledger-proof.ts): no key is in SAP twice, every
 * reversed posting's document is cancelled by exactly one cancellation, every posted row has exactly its one
 * document (DocEntry stored), every failed row is listed with its reason and is not in SAP, and no row is lost;
 * and a reconciliation over the range reports no difference.
 *
 * A separate process cannot share an embedded PGlite database, so on PGlite this runs scaled down inside this
 * process (the app listening on 127.0.0.1, the queue worker in-process, no process killed). Scale-out (two API
 * processes and two workers) and an API killed mid-post are Postgres only: scale-out.postgres.int.test.ts,
 * api-crash.postgres.int.test.ts.
 */

/**
 * After the chaos, a reconciliation over every posting date used agrees with SAP: each posted record matches its
 * one document (amount and date), each reversed posting is cancelled in SAP, and SAP holds nothing of ours that is
 * not posted here.
 */
async function expectReconciled(h: PostingHarness, expected: number) {
  const result = await h.app.services.afterPosting.reconciliation.reconcile({
    fromDate: nairobiDay(-60),
    toDate: nairobiDay(),
  });
  expect(result.differences).toEqual([]);
  expect(result.summary.matched).toBe(expected);
}

if (process.env.TEST_DB === 'postgres') {
  // This process imports the records and reads the rows back; its queue (no worker) creates pg-boss's schema
  // before the API and worker processes start. Posting goes through the API processes over HTTP.
  const fleet = useProcessFleet(SCALE_OUT_SETTINGS, { queue: true });

  describe('1,000 records through the API under every SAP fault, with the worker killed twice, then reversals with the API killed', () => {
    it('ends with every posting in SAP at most once, each reversed one cancelled exactly once, each posted (DocEntry stored) or failed with a reason, none lost, and reconciled', async () => {
      const startedAt = Date.now();
      const plan: Plan = { perKind: 200, batch: 50, lanes: 3 };
      const ids = await importMix(fleet.h, plan.perKind);
      let api = await fleet.startApi();
      let worker = await fleet.startWorker();
      let client = await new HttpClient(api.url).signIn();

      await simConfig(fleet.h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(fleet.h.sim, 15_000);
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
            async () => {
              const settled = await vasSettled();
              return stopped || settled >= plan.perKind * share || `${settled} VAS rows settled`;
            },
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
      // 2. The API process is killed with SIGKILL once a third of the reversals are done, and a new one started;
      // the reversals it had in hand are left pending for the sweeper.
      const connection: Connection = { current: Promise.resolve(client) };
      let apiKill: { stranded: number; seconds: number } | undefined;
      const killApiMidway = async (settled: () => number) => {
        await pollUntil(
          async () => settled() >= 1 / 3 || `${Math.round(settled() * 100)}% of the reversals settled`,
          'a third of the reversals',
          180_000,
          50,
        );
        let restarted!: (next: HttpClient) => void;
        connection.current = new Promise((resolve) => (restarted = resolve));
        const killedAt = Date.now();
        expect((await api.kill('SIGKILL')).signal).toBe('SIGKILL');
        const stranded = await pendingReversals(fleet.h);
        api = await fleet.startApi();
        client = client.on(api.url);
        restarted(client);
        apiKill = { stranded, seconds: Math.round((Date.now() - killedAt) / 1000) };
      };
      let sent: SentPost[];
      let chaos: ReversalChaos | undefined;
      let reversalFaults = 0;
      const phases: Record<string, number> = {};
      try {
        sent = await postMix(fleet.h, client, ids, plan);
        const failure = await choreography;
        if (failure) throw failure;
        await pollUntil(() => noneInFlight(fleet.h, ids), 'no row left posting or queued', 180_000, 1_000);
        phases.posted = Math.round((Date.now() - startedAt) / 1000);
        const faultsBefore = await faultCount(fleet.h);
        chaos = await reverseAndRepost(fleet.h, connection, ids, {
          every: 4,
          lanes: 8,
          batch: plan.batch,
          during: killApiMidway,
        });
        sent.push(...chaos.reposted);
        await pollUntil(() => noneInFlight(fleet.h, ids), 'no re-post in flight', 120_000);
        reversalFaults = (await faultCount(fleet.h)) - faultsBefore;
        phases.reversedAndReposted = Math.round((Date.now() - startedAt) / 1000);
      } finally {
        stopped = true;
        const expirations = stopExpiring();
        const stats = (await fleet.h.sim.stats()) as Record<string, unknown>;
        console.log(
          `faults: ${JSON.stringify({ kills, apiKill, expirations, stats, reversals: chaos?.answers, phases, seconds: Math.round((Date.now() - startedAt) / 1000) })}`,
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
      // The reversals ran under the faults too, and the API died with some of them in hand.
      expect(reversalFaults).toBeGreaterThan(0);
      expect(apiKill?.stranded).toBeGreaterThan(0);

      await waitForRechecks(fleet.h, Number(SCALE_OUT_SETTINGS.SAP_TIMEOUT_MS));
      await expectReversalsSettled(fleet.h);
      const figures = await proveLedger(fleet.h, client, ids, sent);
      expect(figures.records).toBe(plan.perKind * OWN_ROW_STEPS.length);
      expect(figures.reversed).toBe(chaos!.reversed);
      expect(figures.reversed).toBeGreaterThan(200);
      expect(figures.reposted).toBe(chaos!.reposted.reduce((n, s) => n + s.ids.length, 0));
      // Failures are the exception (an injected 500 with its look-up failing too, or the like), not the rule.
      expect(figures.posted).toBeGreaterThan((figures.postings - figures.reversed) * 0.6);
      await expectReconciled(fleet.h, figures.posted + figures.reversed);

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

    it('50 mixed records over real HTTP under every SAP fault, half reversed and some posted again: each posting in SAP at most once, each reversal cancelled once, none lost, reconciled', async () => {
      const plan: Plan = { perKind: 10, batch: 5, lanes: 2 };
      const ids = await importMix(h, plan.perKind);
      const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const client = await new HttpClient(url).signIn();
      await simConfig(h.sim, FAULTS);
      const stopExpiring = expireSessionsEvery(h.sim, 2_000);
      let sent: SentPost[];
      let chaos: ReversalChaos | undefined;
      let reversalFaults = 0;
      try {
        sent = await postMix(h, client, ids, plan);
        await pollUntil(() => noneInFlight(h, ids), 'no row left posting or queued', 120_000);
        // Half of the posted records of every kind reversed, then half of those posted again, the faults still on.
        const faultsBefore = await faultCount(h);
        chaos = await reverseAndRepost(h, { current: Promise.resolve(client) }, ids, {
          every: 2,
          lanes: 4,
          batch: plan.batch,
        });
        sent.push(...chaos.reposted);
        await pollUntil(() => noneInFlight(h, ids), 'no re-post in flight', 120_000);
        reversalFaults = (await faultCount(h)) - faultsBefore;
      } finally {
        stopExpiring();
        console.log(`faults: ${JSON.stringify({ reversals: chaos?.answers })}`);
        await resetFaults(h.sim);
      }
      expect(reversalFaults).toBeGreaterThan(0);
      await waitForRechecks(h, 3_000);
      await expectReversalsSettled(h);
      const figures = await proveLedger(h, client, ids, sent);
      expect(figures.records).toBe(plan.perKind * OWN_ROW_STEPS.length);
      expect(figures.reversed).toBe(chaos!.reversed);
      expect(figures.reversed).toBeGreaterThan(20);
      expect(figures.reposted).toBe(chaos!.reposted.reduce((n, s) => n + s.ids.length, 0));
      await expectReconciled(h, figures.posted + figures.reversed);
    }, 180_000);
  });
}
