/**
 * bench:posting: sales invoices posted through the API to the SAP simulator at 50 ms latency per call,
 * requests one after another, each posting a selection (the list keeps a selection across pages; a request
 * takes at most 500 rows).
 *
 * Four app instances on the same PostgreSQL database, one at a time:
 *   - POSTING_CONCURRENCY=16 (the default), 500 rows per request: records/s against the ideal bound
 *     16 / 0.05 s = 320/s (goal >= 0.8);
 *   - the same with 100 rows per request (one page's selection), for comparison;
 *   - POSTING_CONCURRENCY=1: the one-at-a-time poster (goal: the default is >= 10x faster);
 *   - POSTING_CONCURRENCY=8: the earlier default, for comparison.
 * Afterwards GET /__sim/documents must hold every posted record exactly once (Reference2 = its posting key).
 *
 * Options: --records N (per instance, default 1000), --batch N (the goal run's rows per request, default
 * 500), --latency MS (default 50).
 */
import { benchOptions, loadSample, log, median, percentile, round, saveResult } from './lib/common.js';
import { todayOf, withClient } from './lib/database.js';
import { call, signIn } from './lib/http.js';
import { postingFigures, readBack, startPostingStack } from './lib/posting-stack.js';
import { postingKeys } from './lib/posting-keys.js';
import { benchmark } from './lib/setup.js';

const options = benchOptions({ records: 1000, batch: 500, latency: 50 });
const WARM_UP = 16;
const DEFAULT_CONCURRENCY = 16;
/** The first is the goal's run. */
const CONFIGS = [
  { concurrency: DEFAULT_CONCURRENCY, batch: options.batch },
  { concurrency: DEFAULT_CONCURRENCY, batch: 100 },
  { concurrency: 1, batch: options.batch },
  { concurrency: 8, batch: options.batch },
];

type Batch = { ids: number[]; sentAt: number; answeredAt: number };
type PostResponse = {
  message: string;
  posted: { id: number; sapDocEntry: number | null }[];
  failed: { id: number; message: string }[];
};

await benchmark('posting', { minutes: 30, postgres: true }, async ({ machine, tmp }) => {
  const needed = CONFIGS.length * (options.records + WARM_UP);
  const { sim, url, startApi } = await startPostingStack({
    tmpDir: tmp.path,
    database: 'ff_bench_posting',
    records: needed,
    kinds: ['sales-invoices'],
  });
  const ids = await selectIds(url);
  if (ids.length < needed)
    throw new Error(`Only ${ids.length} sales invoices were seeded; ${needed} needed.`);
  await sim.control('/__sim/config', { latencyMs: options.latency });
  const postingDate = todayOf();

  const runs = [];
  let next = 0;
  const take = (n: number) => ids.slice(next, (next += n));
  for (const { concurrency, batch } of CONFIGS) {
    const server = await startApi(`api-c${concurrency}-b${batch}`, {
      POSTING_CONCURRENCY: String(concurrency),
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const session = await signIn(server.url);
    const post = (batch: number[]) =>
      call<PostResponse>(session, 'POST', '/api/v1/journalSaleInvoice', {
        postSap: batch.map((id) => ({ saleInvoice: id, postingDate })),
      });

    // Warm-up outside the clock: the SAP Login, the code paths' first run.
    const warm = await post(take(WARM_UP));
    if (warm.status !== 200) throw new Error(`Warm-up post answered ${warm.status}: ${warm.body.message}`);

    const mine = take(options.records);
    const load = loadSample();
    log(`POSTING_CONCURRENCY=${concurrency}, ${batch} rows per request: ${load.uptime}`);
    const requestMs: number[] = [];
    const batches: Batch[] = [];
    let posted = 0;
    const failed: string[] = [];
    const started = performance.now();
    for (let i = 0; i < mine.length; i += batch) {
      const slice = mine.slice(i, i + batch);
      const t0 = performance.now();
      const sentAt = Date.now();
      const response = await post(slice);
      batches.push({ ids: slice, sentAt, answeredAt: Date.now() });
      requestMs.push(performance.now() - t0);
      posted += response.body.posted.length;
      failed.push(...response.body.failed.map((f) => f.message));
    }
    const seconds = (performance.now() - started) / 1000;
    await server.stop();
    const bound = concurrency / (options.latency / 1000);
    const run = {
      concurrency,
      batch,
      ...postingFigures({ records: mine.length, posted, failures: failed, seconds, bound }),
      requestMs: {
        p50: round(median(requestMs)),
        max: round(Math.max(...requestMs)),
        p90: round(percentile(requestMs, 90)),
      },
      load,
      batches,
    };
    log(
      `POSTING_CONCURRENCY=${concurrency}, batch ${batch}: ${run.posted}/${run.records} posted in ${run.seconds} s = ${run.recordsPerSecond}/s (${run.ofBound} of the ${bound}/s bound); request p50 ${run.requestMs.p50} ms`,
    );
    runs.push(run);
  }

  // Read-back: every claimed id exactly once in SAP, and nothing else.
  const documents = await sim.control<{ invoices: { Reference2?: string }[] }>('/__sim/documents');
  const keys = await postingKeys(url, 'sales_invoices', ids.slice(0, next));
  const exactlyOnce = readBack(
    documents.invoices.map((doc) => String(doc.Reference2)),
    ids.slice(0, next).map((id) => keys.get(id)!),
  );
  const stored = await statusCounts(url);

  // Where a request's time goes, from the simulator's own clock (postedAt: when SAP stored each document,
  // i.e. after its latency): before the first document = validating and claiming the rows; from the first
  // to the last = the SAP phase; after the last = recording outcomes, audit, reply.
  const postedAt = new Map<string, number>();
  for (const doc of documents.invoices as { Reference2?: string; postedAt?: string }[])
    postedAt.set(String(doc.Reference2), Date.parse(String(doc.postedAt)));
  const phases = runs.map((run) => {
    const rows = run.batches.map((batch) => {
      const times = batch.ids.map((id) => postedAt.get(keys.get(id)!)!).filter(Number.isFinite);
      const first = Math.min(...times);
      const last = Math.max(...times);
      return {
        beforeFirstSapCall: first - options.latency - batch.sentAt,
        sapPhase: last - first + options.latency,
        after: batch.answeredAt - last,
        perRowInSapPhase: (last - first + options.latency) / Math.ceil(batch.ids.length / run.concurrency),
      };
    });
    const med = (pick: (r: (typeof rows)[number]) => number) => round(median(rows.map(pick)));
    return {
      concurrency: run.concurrency,
      batch: run.batch,
      medianMs: {
        claimAndValidate: med((r) => r.beforeFirstSapCall),
        sapPhase: med((r) => r.sapPhase),
        recordAndReply: med((r) => r.after),
        perRoundOfConcurrentCalls: med((r) => r.perRowInSapPhase),
      },
    };
  });
  for (const p of phases)
    log(
      `POSTING_CONCURRENCY=${p.concurrency}, batch ${p.batch}, per request (median): ${JSON.stringify(p.medianMs)}`,
    );
  for (const run of runs) delete (run as { batches?: unknown }).batches;
  await sim.stop();

  const byDefault = runs[0]!;
  const c1 = runs.find((r) => r.concurrency === 1)!;
  saveResult('posting', {
    benchmark: 'bench:posting',
    machine,
    latencyMs: options.latency,
    batch: options.batch,
    recordsPerInstance: options.records,
    runs,
    defaultConcurrency: DEFAULT_CONCURRENCY,
    speedupOverOneAtATime: round(byDefault.recordsPerSecond / c1.recordsPerSecond, 2),
    phases,
    exactlyOnce,
    storedStatuses: stored,
  });
  log(
    `Default (${DEFAULT_CONCURRENCY}) vs one-at-a-time: x${round(byDefault.recordsPerSecond / c1.recordsPerSecond, 2)} (goal >= 10); of bound ${byDefault.ofBound} (goal >= 0.8)`,
  );
});

async function selectIds(url: string): Promise<number[]> {
  return withClient(url, async (client) =>
    (await client.query<{ id: number }>('SELECT id FROM sales_invoices ORDER BY id')).rows.map((r) => r.id),
  );
}

async function statusCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const rows = (
      await client.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM sales_invoices GROUP BY status',
      )
    ).rows;
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  });
}
