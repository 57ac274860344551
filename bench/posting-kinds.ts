/**
 * bench:posting-kinds: bench:posting for the journal kinds of part 2 (cash advances, fuel advances), posted
 * through the API to the SAP simulator at 50 ms latency, batches of 100 per request one after another, at the
 * default POSTING_CONCURRENCY (16). Records/s against the ideal bound 16 / 0.05 s = 320/s; afterwards
 * GET /__sim/documents must hold every posted record exactly once (Reference3 = each record's posting key).
 * VAS transactions post through the queue: bench:queue measures them.
 *
 * Options: --records N (per kind, default 1000), --batch N (default 100), --latency MS (default 50).
 */
import pg from 'pg';
import { benchOptions, loadSample, log, saveResult } from './lib/common.js';
import { todayOf } from './lib/database.js';
import { call, signIn } from './lib/http.js';
import { postingFigures, readBack, startPostingStack } from './lib/posting-stack.js';
import { postingKeys } from './lib/posting-keys.js';
import { benchmark } from './lib/setup.js';

const options = benchOptions({ records: 1000, batch: 100, latency: 50 });
const CONCURRENCY = 16;
const WARM_UP = 16;

type PostResponse = { message: string; posted: { id: number }[]; failed: { id: number; message: string }[] };
type Row = { id: number; origin_quantity: string };

const KINDS = [
  {
    kind: 'CA',
    path: '/api/v1/journalCashAdvance',
    table: 'cash_advances',
    entry: (row: Row, ledger: number, postingDate: string) => ({
      cashAdvanceId: row.id,
      sapAccount: ledger,
      postingDate,
    }),
  },
  {
    kind: 'FA',
    path: '/api/v1/journalFuelAdvance',
    table: 'fuel_advances',
    entry: (row: Row, ledger: number, postingDate: string) => ({
      fuelAdvanceId: row.id,
      sapAccount: ledger,
      collectedQuantity: row.origin_quantity,
      postingDate,
      orderNumber: `PU-${row.id}`,
    }),
  },
] as const;

await benchmark('posting-kinds', { minutes: 20, postgres: true }, async ({ machine, tmp }) => {
  const { sim, url, startApi } = await startPostingStack({
    tmpDir: tmp.path,
    database: 'ff_bench_posting_kinds',
    records: options.records + WARM_UP,
    kinds: ['cash-advances', 'fuel-advances'],
  });
  await sim.control('/__sim/config', { latencyMs: options.latency });
  const postingDate = todayOf();

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const [ledger] = (
    await db.query<{ id: number }>(
      "SELECT id FROM ledger_accounts WHERE account_type = 'petty cash' ORDER BY id LIMIT 1",
    )
  ).rows;
  if (!ledger) throw new Error('No petty cash ledger was seeded.');

  const server = await startApi('api', {
    POSTING_CONCURRENCY: String(CONCURRENCY),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const session = await signIn(server.url);
  const results = [];
  const expected: string[] = [];
  for (const spec of KINDS) {
    const rows = (
      await db.query<Row>(
        `SELECT id, ${spec.table === 'fuel_advances' ? 'origin_quantity' : "'0' AS origin_quantity"} FROM ${spec.table} ORDER BY id`,
      )
    ).rows;
    const post = (batch: Row[]) =>
      call<PostResponse>(session, 'POST', spec.path, {
        postSap: batch.map((row) => spec.entry(row, ledger.id, postingDate)),
      });
    const warm = await post(rows.slice(0, WARM_UP));
    if (warm.status !== 200) throw new Error(`Warm-up post answered ${warm.status}: ${warm.body.message}`);
    const mine = rows.slice(WARM_UP, WARM_UP + options.records);
    const keys = await postingKeys(
      url,
      spec.table,
      rows.slice(0, WARM_UP + options.records).map((row) => row.id),
    );
    expected.push(...rows.slice(0, WARM_UP + options.records).map((row) => keys.get(row.id)!));
    const load = loadSample();
    let posted = 0;
    const failures: string[] = [];
    const started = performance.now();
    for (let i = 0; i < mine.length; i += options.batch) {
      const response = await post(mine.slice(i, i + options.batch));
      posted += response.body.posted.length;
      failures.push(...response.body.failed.map((f) => f.message));
    }
    const seconds = (performance.now() - started) / 1000;
    const bound = CONCURRENCY / (options.latency / 1000);
    const result = {
      kind: spec.kind,
      path: spec.path,
      ...postingFigures({ records: mine.length, posted, failures, seconds, bound }),
      load,
    };
    log(
      `${spec.kind}: ${posted}/${mine.length} posted in ${result.seconds} s = ${result.recordsPerSecond}/s (${result.ofBound} of the ${bound}/s bound)`,
    );
    results.push(result);
  }
  await server.stop();
  await db.end();

  const documents = await sim.control<{ journalEntries: { Reference3?: string }[] }>('/__sim/documents');
  const exactlyOnce = readBack(
    documents.journalEntries.map((doc) => String(doc.Reference3)),
    expected,
  );
  await sim.stop();
  saveResult('posting-kinds', {
    benchmark: 'bench:posting-kinds',
    machine,
    latencyMs: options.latency,
    batch: options.batch,
    concurrency: CONCURRENCY,
    results,
    exactlyOnce,
  });
});
