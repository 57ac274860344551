/**
 * bench:sweeper: how soon after their lease expires are rows left `posting` by a crash settled? On PostgreSQL,
 * with production settings (SAP_TIMEOUT_MS 30 s, so a lease is stale 60 s after its last renewal and the
 * sweeper runs every 15 s), the SAP simulator at `--latency` ms per call (default 50):
 *   1. the API (main.ts) takes `--rows` sales invoices (default 1,000) in two concurrent requests while SAP
 *      hangs (every call waits 30 s), so every row is claimed (`posting`, lease taken) and none answered;
 *   2. the API is killed with SIGKILL, SAP goes back to `--latency`, and a new API process starts on the same
 *      database (its own sweeper is the one measured: look-ups in SAP 16 at a time);
 *   3. the rows are polled every 250 ms until none is `posting`.
 * Reported: seconds from the last lease's expiry (newest attempt start + 60 s) to the last row settled, and
 * per row (its own expiry to its settling) p50 / max. Goal: every row settled within 60 s of its lease expiring.
 * Afterwards every row is posted (SAP holds its key once) or failed (SAP holds nothing for it).
 *
 * Options: --rows N (default 1000), --latency MS (default 50).
 */
import { benchOptions, loadSample, log, percentile, round, saveResult, sleep } from './lib/common.js';
import { todayOf } from './lib/database.js';
import { call, signIn } from './lib/http.js';
import { startPostingStack } from './lib/posting-stack.js';
import { benchmark } from './lib/setup.js';

const options = benchOptions({ rows: 1000, latency: 50 });
const SAP_TIMEOUT_MS = 30_000;
const STALE_MS = 2 * SAP_TIMEOUT_MS;

await benchmark('sweeper', { minutes: 15, postgres: true }, async ({ machine, tmp }) => {
  const { sim, startApi, connect } = await startPostingStack({
    tmpDir: tmp.path,
    database: 'ff_bench_sweeper',
    records: options.rows,
    kinds: ['sales-invoices'],
  });
  const db = await connect();
  const ids = (await db.query<{ id: number }>('SELECT id FROM sales_invoices ORDER BY id')).rows.map(
    (r) => r.id,
  );
  const postingDate = todayOf();
  const countPosting = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM sales_invoices WHERE id = ANY($1) AND status = 'posting'`,
          [ids],
        )
      ).rows[0]!.n,
    );

  const env = { SAP_TIMEOUT_MS: String(SAP_TIMEOUT_MS), RATE_LIMIT_PER_MINUTE: '1000000' };
  const doomed = await startApi('api-crashing', env, 'api-1');
  const session = await signIn(doomed.url);
  await sim.control('/__sim/config', { latencyMs: SAP_TIMEOUT_MS });
  const half = Math.ceil(ids.length / 2);
  for (const batch of [ids.slice(0, half), ids.slice(half)]) {
    // Never answered: the process is killed while SAP hangs.
    void call(session, 'POST', '/api/v1/journalSaleInvoice', {
      postSap: batch.map((id) => ({ saleInvoice: id, postingDate })),
    }).catch(() => undefined);
  }
  const claimDeadline = Date.now() + 60_000;
  while ((await countPosting()) < ids.length) {
    if (Date.now() > claimDeadline)
      throw new Error(`Only ${await countPosting()} of ${ids.length} rows were claimed`);
    await sleep(100);
  }
  await doomed.stop('SIGKILL');
  const stuck = await countPosting();
  log(`Killed the API with SIGKILL: ${stuck} rows left posting`);
  await sim.control('/__sim/config', { latencyMs: options.latency });

  const api = await startApi('api-restarted', env, 'api-2');
  const expiries = new Map(
    (
      await db.query<{ record_id: number; expires: Date }>(
        `SELECT record_id, max(started_at) + make_interval(secs => $2::double precision / 1000) AS expires
           FROM posting_attempts WHERE kind = 'SI' AND record_id = ANY($1) GROUP BY record_id`,
        [ids, STALE_MS],
      )
    ).rows.map((r) => [r.record_id, new Date(r.expires).getTime()]),
  );
  const lastExpiry = Math.max(...expiries.values());
  log(
    `Leases expire ${round((lastExpiry - Date.now()) / 1000)} s from now; waiting for the restarted API's sweeper`,
  );

  const load = loadSample();
  const settledAt = new Map<number, number>();
  const deadline = lastExpiry + 5 * 60_000;
  for (;;) {
    const still = new Set(
      (
        await db.query<{ id: number }>(
          `SELECT id FROM sales_invoices WHERE id = ANY($1) AND status = 'posting'`,
          [ids],
        )
      ).rows.map((r) => r.id),
    );
    const now = Date.now();
    for (const id of ids) if (!still.has(id) && !settledAt.has(id)) settledAt.set(id, now);
    if (!still.size) break;
    if (now > deadline)
      throw new Error(`${still.size} rows still posting 5 minutes after their leases expired`);
    await sleep(250);
  }
  const afterExpiry = ids.map((id) => (settledAt.get(id)! - expiries.get(id)!) / 1000);
  const lastSettled = Math.max(...settledAt.values());
  const statuses = (
    await db.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM sales_invoices WHERE id = ANY($1) GROUP BY status`,
      [ids],
    )
  ).rows;
  const docs = (await sim.control<{ invoices: { Reference2?: string }[] }>('/__sim/documents')).invoices;
  const keys = new Map<string, number>();
  for (const doc of docs) if (doc.Reference2) keys.set(doc.Reference2, (keys.get(doc.Reference2) ?? 0) + 1);
  const posted = new Set(
    (
      await db.query<{ id: number }>(
        `SELECT id FROM sales_invoices WHERE id = ANY($1) AND status = 'posted'`,
        [ids],
      )
    ).rows.map((r) => r.id),
  );
  const keyOf = new Map(
    (
      await db.query<{ id: number; key: string }>(
        'SELECT id, posting_key AS key FROM sales_invoices WHERE id = ANY($1)',
        [ids],
      )
    ).rows.map((r) => [r.id, r.key]),
  );
  const mismatched = ids.filter((id) => (keys.get(keyOf.get(id)!) ?? 0) !== (posted.has(id) ? 1 : 0));
  const result = {
    machine,
    settings: {
      rows: options.rows,
      stuck,
      latencyMs: options.latency,
      sapTimeoutMs: SAP_TIMEOUT_MS,
      staleMs: STALE_MS,
    },
    lastExpiryToAllSettledSeconds: round((lastSettled - lastExpiry) / 1000),
    perRowSecondsAfterExpiry: {
      p50: round(percentile(afterExpiry, 50)),
      max: round(Math.max(...afterExpiry)),
    },
    statuses: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
    sapMismatches: mismatched.length,
    load,
    goal: { withinSeconds: 60, met: Math.max(...afterExpiry) <= 60 },
  };
  log(
    `Settled: ${JSON.stringify(result.statuses)}; last row ${result.lastExpiryToAllSettledSeconds} s after the last lease expired; per row p50 ${result.perRowSecondsAfterExpiry.p50} s, max ${result.perRowSecondsAfterExpiry.max} s; SAP mismatches ${mismatched.length}; ${load.uptime}`,
  );
  if (mismatched.length)
    throw new Error(
      `SAP and the rows disagree for ${mismatched.length} rows, e.g. ${mismatched.slice(0, 5).join(', ')}`,
    );
  await api.stop();
  saveResult('sweeper', result);
});
