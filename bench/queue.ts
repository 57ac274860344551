/**
 * bench:queue: VAS rows per second through the pg-boss queue on PostgreSQL, SAP simulator at 50 ms latency.
 *
 * The API (main.ts, QUEUE_WORKER=off, as production API processes run) takes the posts and enqueues one
 * job per row in the claiming transaction; then the workers (`npm run worker`'s entry, worker.ts) drain
 * the queue. Per configuration, `--rows` rows (default 500) are queued first, then the workers start:
 *   A. 1 worker process, QUEUE_CONCURRENCY=1
 *   B. 1 worker process, QUEUE_CONCURRENCY=4 (the default)
 *   C. 4 worker processes, QUEUE_CONCURRENCY=1 each
 *   D. 4 worker processes, QUEUE_CONCURRENCY=4 each
 * Rate = rows / (last job completed - first job started), from pg-boss's own job table. Afterwards
 * GET /__sim/documents must hold every row exactly once (Reference3 = its posting key).
 *
 * Options: --rows N (default 500), --latency MS (default 50), --only A,B,C,D.
 */
import { join } from 'node:path';
import type pg from 'pg';
import { benchOptions, loadSample, log, round, saveResult, sleep } from './lib/common.js';
import { todayOf } from './lib/database.js';
import { call, signIn } from './lib/http.js';
import { readBack, startPostingStack } from './lib/posting-stack.js';
import { postingKeys } from './lib/posting-keys.js';
import { startWorker } from './lib/servers.js';
import { benchmark } from './lib/setup.js';

const options = benchOptions({ rows: 500, latency: 50, only: 'A,B,C,D', 'drain-limit-s': 420 });
const ONLY = options.only.split(',');
/** A configuration that has not drained within this is reported as such (1 worker at 2 jobs/s needs ~250 s for 500). */
const DRAIN_LIMIT_MS = options['drain-limit-s'] * 1000;

type Config = { id: string; label: string; processes: number; concurrency: number; entry?: string };
const CONFIGS: Config[] = (
  [
    { id: 'A', label: '1 worker process x QUEUE_CONCURRENCY=1', processes: 1, concurrency: 1 },
    { id: 'B', label: '1 worker process x QUEUE_CONCURRENCY=4 (default)', processes: 1, concurrency: 4 },
    { id: 'C', label: '4 worker processes x QUEUE_CONCURRENCY=1', processes: 4, concurrency: 1 },
    { id: 'D', label: '4 worker processes x QUEUE_CONCURRENCY=4', processes: 4, concurrency: 4 },
  ] satisfies Config[]
).filter((c) => ONLY.includes(c.id));

type VasRow = { id: number; product_type: string; origin_quantity: string; order_number: string | null };

await benchmark('queue', { minutes: 45, postgres: true }, async ({ machine, tmp }) => {
  const { sim, url, startApi, connect } = await startPostingStack({
    tmpDir: tmp.path,
    database: 'ff_bench_queue',
    records: CONFIGS.length * options.rows,
    kinds: ['vas-transactions'],
  });
  const db = await connect();
  const rows = (
    await db.query<VasRow>(
      'SELECT id, product_type, origin_quantity, order_number FROM vas_transactions ORDER BY id',
    )
  ).rows;
  const accounts = (
    await db.query<{ id: number; account_type: string; category: string }>(
      'SELECT id, account_type, category FROM ledger_accounts',
    )
  ).rows;
  const accountOf = (type: string, category: string) =>
    accounts.find((a) => a.account_type === type && a.category === category)!.id;
  await sim.control('/__sim/config', { latencyMs: options.latency });

  const api = await startApi('api', { RATE_LIMIT_PER_MINUTE: '1000000' });
  const session = await signIn(api.url);
  const postingDate = todayOf();

  const results = [];
  let next = 0;
  for (const config of CONFIGS) {
    const mine = rows.slice(next, (next += options.rows));
    const ids = mine.map((r) => r.id);
    // Queue every row first (the workers are stopped), 100 per request as the screen would send them.
    const enqueueStarted = performance.now();
    for (let i = 0; i < mine.length; i += 100) {
      const body = {
        postSap: mine.slice(i, i + 100).map((r) => ({
          vasTransactionId: r.id,
          sapAccountRevenue: accountOf('Vas Transaction Revenue', r.product_type),
          sapAccountCost: accountOf('Vas Transaction Cost', r.product_type),
          collectedQuantity: r.origin_quantity,
          postingDate,
          orderNumber: r.order_number ?? 'LPO-BENCH',
        })),
      };
      const response = await call<{ queued?: unknown[]; failed: unknown[]; message: string }>(
        session,
        'POST',
        '/api/v1/journalVasTransaction',
        body,
      );
      if (response.status !== 200)
        throw new Error(`Queueing answered ${response.status}: ${response.body.message.slice(0, 300)}`);
    }
    const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;

    const load = loadSample();
    log(
      `${config.id} ${config.label}: ${options.rows} queued in ${enqueueSeconds.toFixed(1)} s; ${load.uptime}`,
    );
    const startedAt = Date.now();
    const workers = await Promise.all(
      Array.from({ length: config.processes }, (_, i) =>
        startWorker({
          name: `worker-${config.id}${i + 1}`,
          databaseUrl: url,
          sapUrl: sim.url,
          concurrency: config.concurrency,
          logFile: join(tmp.path, `worker-${config.id}${i + 1}.log`),
          ...(config.entry ? { entry: config.entry } : {}),
        }),
      ),
    );
    const drained = await waitForDrain(db, ids, startedAt + DRAIN_LIMIT_MS);
    await Promise.all(workers.map((w) => w.stop()));
    const window = await jobWindow(db, ids);
    const seconds = window.seconds;
    const result = {
      id: config.id,
      label: config.label,
      processes: config.processes,
      concurrencyPerProcess: config.concurrency,
      rows: options.rows,
      posted: drained.posted,
      failed: drained.failed,
      drained: drained.done,
      seconds: round(seconds, 2),
      rowsPerSecond: round(drained.posted / seconds, 2),
      // What the pg-boss loop allows: each of the N loops takes one job per max(0.5 s polling interval, job time).
      latencyBound: round((config.processes * config.concurrency) / (options.latency / 1000), 1),
      wallSecondsFromWorkerStart: round((window.lastCompleted - startedAt) / 1000, 2),
      enqueueSeconds: round(enqueueSeconds, 2),
      load,
    };
    log(
      `${config.id}: ${result.posted}/${options.rows} posted (${result.failed} failed) in ${result.seconds} s = ${result.rowsPerSecond} rows/s (latency bound ${result.latencyBound}/s)`,
    );
    results.push(result);
  }
  await api.stop();

  // Read-back: every queued row exactly once in SAP.
  const documents = await sim.control<{ journalEntries: { Reference3?: string }[] }>('/__sim/documents');
  const keys = await postingKeys(
    url,
    'vas_transactions',
    rows.slice(0, next).map((r) => r.id),
  );
  const exactlyOnce = readBack(
    documents.journalEntries.map((doc) => String(doc.Reference3)),
    rows.slice(0, next).map((r) => keys.get(r.id)!),
  );
  await sim.stop();

  saveResult('queue', {
    benchmark: 'bench:queue',
    machine,
    latencyMs: options.latency,
    rowsPerConfig: options.rows,
    results,
    exactlyOnce,
  });
});

async function waitForDrain(db: pg.Client, ids: number[], deadline: number) {
  for (;;) {
    const counts = (
      await db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM vas_transactions WHERE id = ANY($1) GROUP BY status',
        [ids],
      )
    ).rows;
    const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
    const done = n('posted') + n('failed') === ids.length;
    if (done || Date.now() > deadline) return { done, posted: n('posted'), failed: n('failed') };
    await sleep(200);
  }
}

/** First job started and last job completed, as pg-boss recorded them for these rows. */
async function jobWindow(db: pg.Client, ids: number[]) {
  const [row] = (
    await db.query<{ first: Date; last: Date }>(
      `SELECT min(started_on) AS first, max(completed_on) AS last FROM pgboss.job
        WHERE name = 'vas-posting' AND state = 'completed' AND (data->>'recordId')::int = ANY($1)`,
      [ids],
    )
  ).rows;
  const first = row!.first.getTime();
  const last = row!.last.getTime();
  return { firstStarted: first, lastCompleted: last, seconds: (last - first) / 1000 };
}
