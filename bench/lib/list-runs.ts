import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { RecordKindName } from '@ff/contract';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { dayRange } from '../../apps/server/src/lib/time.js';
import { createRecordsRepository } from '../../apps/server/src/modules/records/records.repository.js';
import { loadSample, log, median, percentile, round, type LoadSample } from './common.js';
import { TIME_ZONE } from './database.js';
import { startProcess, tsxArgs } from './processes.js';

/**
 * bench:list's measured runs of one list: the baseline and the drizzle variant (each its own process,
 * bench/lib/list-baseline.ts), the API through autocannon, and the plan PostgreSQL picks for the statement.
 */

/** How hard each run pushes: concurrent callers (connections) and requests per run. */
export type RunLoad = { connections: number; requests: number };

/** One run's figures (latencies in ms). */
export type Figures = {
  p50: number;
  p99: number;
  mean: number;
  reqPerSec: number;
  calls: number;
  bytesPerResponse: number;
  load: LoadSample;
  non2xx?: number;
  errors?: number;
};

type ScriptResult = {
  latencies: number[];
  calls: number;
  elapsedMs: number;
  bytes: number;
  bodyBytes: number;
  bodySha256: string;
  rows: number;
  sql: string;
};

/** One run of bench/lib/list-baseline.ts (`pg`: the baseline; `drizzle`: the server's repository without HTTP). */
export async function runScript(
  dir: string,
  url: string,
  list: RecordKindName,
  fromDate: string,
  toDate: string,
  mode: 'pg' | 'drizzle',
  { connections, requests }: RunLoad,
) {
  const load = loadSample();
  log(`${mode === 'pg' ? 'Baseline' : 'Drizzle variant'} ${list}: ${load.uptime}`);
  const run = await startProcess({
    name: `${mode}-${list}`,
    command: process.execPath,
    args: tsxArgs(
      join('bench', 'lib', 'list-baseline.ts'),
      JSON.stringify({
        url,
        list,
        fromDate,
        toDate,
        connections,
        durationMs: 600_000,
        maxCalls: requests,
        mode,
      }),
    ),
    ready: (line) =>
      line.startsWith('BENCH_RESULT ') ? (JSON.parse(line.slice(13)) as ScriptResult) : undefined,
    logFile: join(dir, `${mode}-${list}.log`),
    timeoutMs: 900_000,
  });
  await run.exited;
  const raw = run.ready;
  const figures: Figures = {
    p50: round(median(raw.latencies)),
    p99: round(percentile(raw.latencies, 99)),
    mean: round(raw.latencies.reduce((sum, v) => sum + v, 0) / raw.latencies.length),
    reqPerSec: round(raw.calls / (raw.elapsedMs / 1000), 2),
    calls: raw.calls,
    bytesPerResponse: raw.bodyBytes,
    load,
  };
  log(
    `${mode}: p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.reqPerSec} calls/s over ${figures.calls} calls`,
  );
  return { figures, raw };
}

/** autocannon against the real server: `connections` connections, `requests` requests, the session cookie. */
export async function runAutocannon(
  target: string,
  cookie: string,
  bytesPerResponse: number,
  { connections, requests }: RunLoad,
): Promise<Figures> {
  const load = loadSample();
  log(`API ${new URL(target).pathname}: ${load.uptime}`);
  const result = await autocannon({
    url: target,
    connections,
    amount: requests,
    timeout: 120,
    headers: { cookie, accept: 'application/json' },
  });
  const api: Figures = {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: round(result.latency.mean),
    reqPerSec: round(result.requests.total / result.duration, 2),
    calls: result.requests.total,
    bytesPerResponse,
    non2xx: result.non2xx,
    errors: result.errors,
    load,
  };
  log(
    `api: p50 ${api.p50} ms, p99 ${api.p99} ms, ${api.reqPerSec} req/s over ${api.calls} requests (non-2xx ${api.non2xx}, errors ${api.errors})`,
  );
  if (api.non2xx || api.errors || api.calls < requests)
    throw new Error(
      `The API completed ${api.calls} of ${requests} requests (${api.non2xx} non-2xx, ${api.errors} errors).`,
    );
  return api;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the exact statement the list endpoint runs for this range. */
export async function explain(url: string, list: RecordKindName, fromDate: string, toDate: string) {
  const drizzle = await openDatabase({ kind: 'postgres', url, max: 1 });
  const { sql, params } = createRecordsRepository(drizzle.db, TIME_ZONE)
    .statement(list, dayRange({ fromDate, toDate }, TIME_ZONE))
    .toSQL();
  await drizzle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
      values: params as unknown[],
    });
    return result.rows.map((r) => r['QUERY PLAN']);
  } finally {
    await client.end();
  }
}
