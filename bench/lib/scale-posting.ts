import { join } from 'node:path';
import pg from 'pg';
import { seedConnectionSetting } from '../../apps/server/src/bootstrap/connection-setting.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { loadSample, log, ROOT, round } from './common.js';
import { APP_KEY, todayOf } from './database.js';
import { call, signIn } from './http.js';
import { postingFigures, readBack } from './posting-stack.js';
import { postingKeys } from './posting-keys.js';
import { startTreeServer } from './scale-servers.js';
import { startSimulator } from './servers.js';

/**
 * bench:scale (5): sales invoices of the scale database (1,000,000 per kind) posted through the API to the SAP
 * simulator with 300 ms mean latency and jitter (each call waits a uniform 150-450 ms), at the default
 * POSTING_CONCURRENCY of 16: records/s against the bound 16 / 0.3 s = 53.3/s (goal >= 0.8), with 500 rows
 * per request (the most a request takes) and with 100 (one page's selection); then every posted id read
 * back from the simulator, exactly once.
 */

export const LATENCY_RANGE_MS: [number, number] = [150, 450];
const CONCURRENCY = 16;
const WARM_UP = 16;

type PostResponse = { posted: { id: number }[]; failed: { id: number; message: string }[] };

/** Posts `records` rows with each batch size in turn (fresh rows each time); answers each run's figures. */
export async function measurePosting(options: {
  dbUrl: string;
  dir: string;
  records: number;
  batches: number[];
}) {
  const sim = await startSimulator({ logFile: join(options.dir, 'sim.log') });
  const database = await openDatabase({ kind: 'postgres', url: options.dbUrl, max: 1 });
  await seedConnectionSetting(database.db, APP_KEY, sim.credentials);
  await database.close();
  await sim.control('/__sim/config', { latencyMs: LATENCY_RANGE_MS });

  // The newest rows still to post (what a user posts first), failed ones left alone.
  const needed = WARM_UP + options.records * options.batches.length;
  const client = new pg.Client({ connectionString: options.dbUrl });
  await client.connect();
  const ids = (
    await client.query<{ id: number }>(
      `SELECT id FROM sales_invoices WHERE status = 'unposted' ORDER BY document_date DESC, id DESC LIMIT $1`,
      [needed],
    )
  ).rows.map((r) => r.id);
  await client.end();
  if (ids.length < needed) throw new Error(`Only ${ids.length} sales invoices to post; ${needed} needed`);

  const server = await startTreeServer({
    name: 'api-posting',
    root: ROOT,
    databaseUrl: options.dbUrl,
    sapUrl: sim.url,
    dataDir: options.dir,
    logFile: join(options.dir, 'api-posting.log'),
    env: { POSTING_CONCURRENCY: String(CONCURRENCY) },
  });
  const session = await signIn(server.url);
  const postingDate = todayOf();
  const post = (batch: number[]) =>
    call<PostResponse>(session, 'POST', '/api/v1/journalSaleInvoice', {
      postSap: batch.map((id) => ({ saleInvoice: id, postingDate })),
    });
  let next = 0;
  const take = (n: number) => ids.slice(next, (next += n));
  const warm = await post(take(WARM_UP));
  if (warm.status !== 200) throw new Error(`Warm-up post answered ${warm.status}`);

  const bound = round(CONCURRENCY / ((LATENCY_RANGE_MS[0] + LATENCY_RANGE_MS[1]) / 2 / 1000), 1);
  const runs = [];
  for (const batch of options.batches) {
    const mine = take(options.records);
    const load = loadSample();
    let posted = 0;
    const failures: string[] = [];
    const started = performance.now();
    for (let i = 0; i < mine.length; i += batch) {
      const answer = await post(mine.slice(i, i + batch));
      if (answer.status !== 200) throw new Error(`A post answered ${answer.status}`);
      posted += answer.body.posted.length;
      failures.push(...answer.body.failed.map((f) => f.message));
    }
    const seconds = (performance.now() - started) / 1000;
    const run = {
      batch,
      ...postingFigures({ records: mine.length, posted, failures, seconds, bound }),
      load,
    };
    log(
      `Posting, ${batch} rows per request: ${run.posted}/${run.records} in ${run.seconds} s = ${run.recordsPerSecond}/s (${run.ofBound} of ${run.idealBound}/s)`,
    );
    runs.push(run);
  }
  await server.stop();
  const documents = await sim.control<{ invoices: { Reference2?: string }[] }>('/__sim/documents');
  const keys = await postingKeys(options.dbUrl, 'sales_invoices', ids.slice(0, next));
  const exactlyOnce = readBack(
    documents.invoices.map((doc) => String(doc.Reference2)),
    ids.slice(0, next).map((id) => keys.get(id)!),
  );
  await sim.stop();
  return { latencyMs: LATENCY_RANGE_MS, concurrency: CONCURRENCY, bound, runs, exactlyOnce };
}
