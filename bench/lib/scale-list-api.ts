import { join } from 'node:path';
import type { RecordKindName } from '@ff/contract';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { loadSample, log, median, percentile, round, type LoadSample } from './common.js';
import { runAutocannon, type Figures } from './list-runs.js';
import { startProcess, tsxArgs } from './processes.js';

/**
 * bench:scale (2c): one page of a list (perPage 100, a 365-day range) through the API with autocannon,
 * against the same statement in a bare node-postgres script (bench/lib/scale-page-baseline.ts), paired per
 * round; and the bare `SELECT ... LIMIT` without the page's count, for reference.
 */

type ScriptResult = {
  latencies: number[];
  calls: number;
  elapsedMs: number;
  bodyBytes: number;
  rows: number;
  sql: string;
};

/** What a page run asks: the list, its range and view, and how hard to push. */
export type PageRun = {
  list: RecordKindName;
  fromDate: string;
  toDate: string;
  perPage: number;
  sort?: string;
  search?: string;
  connections: number;
  requests: number;
};

async function runPageScript(dir: string, url: string, run: PageRun, withTotal: boolean) {
  const load = loadSample();
  const name = `page-${run.list}-${withTotal ? 'same' : 'nocount'}`;
  const child = await startProcess({
    name,
    command: process.execPath,
    args: tsxArgs(join('bench', 'lib', 'scale-page-baseline.ts'), JSON.stringify({ url, ...run, withTotal })),
    ready: (line) =>
      line.startsWith('BENCH_RESULT ') ? (JSON.parse(line.slice(13)) as ScriptResult) : undefined,
    logFile: join(dir, `${name}.log`),
    timeoutMs: 300_000,
  });
  await child.exited;
  const raw = child.ready;
  const figures: Figures = {
    p50: round(median(raw.latencies), 2),
    p99: round(percentile(raw.latencies, 99), 2),
    mean: round(raw.latencies.reduce((sum, v) => sum + v, 0) / raw.latencies.length, 2),
    reqPerSec: round(raw.calls / (raw.elapsedMs / 1000), 1),
    calls: raw.calls,
    bytesPerResponse: raw.bodyBytes,
    load,
  };
  return { figures, sql: raw.sql, rows: raw.rows };
}

/** The query string of a page run, as the web's list sends it. */
export function pageQuery(run: Omit<PageRun, 'list' | 'connections' | 'requests'>): string {
  const params = new URLSearchParams({
    fromDate: run.fromDate,
    toDate: run.toDate,
    page: '1',
    perPage: String(run.perPage),
  });
  if (run.sort) params.set('sort', run.sort);
  if (run.search) params.set('search', run.search);
  return params.toString();
}

/** One page run: `rounds` x (bare script with the same statement, API, bare script without the count). */
export async function measurePageApi(options: {
  dir: string;
  dbUrl: string;
  serverUrl: string;
  cookie: string;
  run: PageRun;
  rounds: number;
}) {
  const { run } = options;
  const target = `${options.serverUrl}${RECORD_KINDS_PLAIN[run.list].apiPath}?${pageQuery(run)}`;
  const check = await fetch(target, { headers: { cookie: options.cookie, accept: 'application/json' } });
  const text = await check.text();
  if (check.status !== 200) throw new Error(`${target} answered ${check.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { data: unknown[]; meta?: { total: number } };
  if (!body.meta) throw new Error(`${target} answered no meta: the paged form is missing`);
  const rounds: { same: Figures; api: Figures; noCount: Figures; load: LoadSample }[] = [];
  let sql = '';
  for (let r = 0; r < options.rounds; r += 1) {
    const load = loadSample();
    const same = await runPageScript(options.dir, options.dbUrl, run, true);
    sql = same.sql;
    if (same.rows !== body.data.length)
      throw new Error(`Baseline page has ${same.rows} rows, the API ${body.data.length}`);
    // autocannon's latencies are whole milliseconds; the warm-up requests run before it (the check above).
    const api = await runAutocannon(target, options.cookie, Buffer.byteLength(text), run);
    const noCount = await runPageScript(options.dir, options.dbUrl, run, false);
    rounds.push({ same: same.figures, api, noCount: noCount.figures, load });
  }
  const med = (pick: (x: (typeof rounds)[number]) => number) => round(median(rounds.map(pick)), 2);
  const result = {
    list: run.list,
    query: pageQuery(run),
    total: body.meta.total,
    rows: body.data.length,
    bytes: Buffer.byteLength(text),
    sql,
    apiP50: med((x) => x.api.p50),
    apiP99: med((x) => x.api.p99),
    apiReqPerSec: med((x) => x.api.reqPerSec),
    baselineP50: med((x) => x.same.p50),
    baselineReqPerSec: med((x) => x.same.reqPerSec),
    noCountP50: med((x) => x.noCount.p50),
    ratioP50: med((x) => x.api.p50 / x.same.p50),
    ratioNoCountP50: med((x) => x.api.p50 / x.noCount.p50),
    goal: 1.5,
    rounds,
  };
  log(
    `Page ${run.list}?${result.query}: API p50 ${result.apiP50} ms vs the same statement bare ${result.baselineP50} ms (x${result.ratioP50}); without the count ${result.noCountP50} ms; total ${result.total}`,
  );
  return result;
}
