import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { loadSample, log, median, percentile, round, sleep, type LoadSample } from './common.js';
import { responseTimes } from './scale-servers.js';

/**
 * bench:history's measured runs: one query of the posting history asked `requests` times by `callers`
 * concurrent callers (plain fetch with the session cookie, each caller one request at a time), timed from the
 * request to the last byte of the answer, beside the server's own time (Fastify's responseTime); and
 * EXPLAIN (ANALYZE, BUFFERS) of the repository's statements behind the slowest.
 */

/** One question a finance user asks: its paths (taken in turn) and what to check in the first answer. */
export type Probe = {
  label: string;
  paths: string[];
  /** What is wrong with the answer to `paths[index]`, or null. */
  check?: (body: any, index: number) => string | null;
};

/** One probe's figures (ms). */
export type ProbeFigures = {
  label: string;
  paths: string[];
  calls: number;
  p50: number;
  p95: number;
  mean: number;
  max: number;
  serverP50: number;
  serverP95: number;
  bytes: number;
  total: number | null;
  load: LoadSample;
};

type Server = { url: string; lines: Record<string, unknown>[] };

async function get(server: Server, cookie: string, path: string) {
  const t0 = performance.now();
  const response = await fetch(`${server.url}${path}`, { headers: { cookie, accept: 'application/json' } });
  const text = await response.text();
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { ms, text };
}

/** Checks the first answer of each path, warms up, then `requests` calls by `callers` callers. */
export async function measureProbe(
  server: Server,
  cookie: string,
  probe: Probe,
  callers: number,
  requests: number,
): Promise<ProbeFigures> {
  let first: any;
  let bytes = 0;
  for (const [index, path] of probe.paths.entries()) {
    const { text } = await get(server, cookie, path);
    const body = JSON.parse(text);
    const problem = probe.check?.(body, index);
    if (problem) throw new Error(`${probe.label}: ${path}: ${problem}`);
    first ??= body;
    bytes ||= Buffer.byteLength(text);
  }
  await sleep(300); // the warm-up's log lines reach us before the window opens
  const before = server.lines.length;
  const load = loadSample();
  const latencies: number[] = [];
  let next = 0;
  const caller = async () => {
    for (let i = next++; i < requests; i = next++)
      latencies.push((await get(server, cookie, probe.paths[i % probe.paths.length]!)).ms);
  };
  await Promise.all(Array.from({ length: callers }, caller));
  await sleep(300);
  const inServer = responseTimes(server.lines.slice(before), '/api/v1/postings');
  const figures: ProbeFigures = {
    label: probe.label,
    paths: probe.paths,
    calls: latencies.length,
    p50: round(median(latencies)),
    p95: round(percentile(latencies, 95)),
    mean: round(latencies.reduce((sum, v) => sum + v, 0) / latencies.length),
    max: round(Math.max(...latencies)),
    serverP50: round(median(inServer)),
    serverP95: round(percentile(inServer, 95)),
    bytes,
    total: typeof first?.meta?.total === 'number' ? first.meta.total : null,
    load,
  };
  log(
    `${probe.label}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms (in the server p50 ${figures.serverP50}, p95 ${figures.serverP95}); total ${figures.total ?? '-'}, ${bytes} B; load ${load.load1}`,
  );
  return figures;
}

/** A plan's summary: its top node and times, the node that spent most time itself, the buffers touched. */
export type PlanSummary = {
  statement: string;
  topNode: string;
  planningMs: number;
  executionMs: number;
  heaviestNode: string;
  sharedHit: number;
  sharedRead: number;
  /** The plan as indented lines: node, actual time, rows x loops, buffers. */
  outline: string[];
};

type PlanNode = Record<string, any> & { Plans?: PlanNode[] };

const describe = (n: PlanNode) =>
  `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`;

/** Time a node spent itself: its total over its loops less its children's (parallel workers' times add up). */
function selfTime(n: PlanNode): number {
  const total = (n['Actual Total Time'] ?? 0) * (n['Actual Loops'] ?? 1);
  const children = (n.Plans ?? []).reduce(
    (sum, c) => sum + (c['Actual Total Time'] ?? 0) * (c['Actual Loops'] ?? 1),
    0,
  );
  return Math.max(0, total - children);
}

function heaviest(n: PlanNode): { node: PlanNode; ms: number } {
  let best = { node: n, ms: selfTime(n) };
  for (const child of n.Plans ?? []) {
    const found = heaviest(child);
    if (found.ms > best.ms) best = found;
  }
  return best;
}

/** The plan as indented lines (node, actual time, rows x loops, buffers): the same run as the summary. */
function outline(n: PlanNode, depth = 0): string[] {
  const buffers = n['Shared Read Blocks']
    ? `, buffers hit ${n['Shared Hit Blocks']} read ${n['Shared Read Blocks']}`
    : `, buffers hit ${n['Shared Hit Blocks'] ?? 0}`;
  const line = `${'  '.repeat(depth)}${describe(n)}: ${round(n['Actual Total Time'] ?? 0, 2)} ms, ${n['Actual Rows']} rows x ${n['Actual Loops']}${buffers}`;
  return [line, ...(n.Plans ?? []).flatMap((c) => outline(c, depth + 1))];
}

const dialect = new PgDialect();

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one of the repository's statements, as drizzle sends it (one run, in JSON:
 * the summary and the outline come from the same execution).
 */
export async function explainStatement(url: string, name: string, statement: SQL): Promise<PlanSummary> {
  const { sql, params } = dialect.sqlToQuery(statement);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const json = await client.query<{
      'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }];
    }>({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, values: params as unknown[] });
    const [root] = json.rows[0]!['QUERY PLAN'];
    const top = root.Plan;
    const heavy = heaviest(top);
    const summary: PlanSummary = {
      statement: name,
      topNode: `${describe(top)} (actual ${round(top['Actual Total Time'], 1)} ms, ${top['Actual Rows']} rows)`,
      planningMs: round(root['Planning Time'], 1),
      executionMs: round(root['Execution Time'], 1),
      heaviestNode: `${describe(heavy.node)} (${round(heavy.ms, 1)} ms itself, ${heavy.node['Actual Rows']} rows x ${heavy.node['Actual Loops']} loops)`,
      sharedHit: top['Shared Hit Blocks'] ?? 0,
      sharedRead: top['Shared Read Blocks'] ?? 0,
      outline: outline(top),
    };
    log(
      `EXPLAIN ${name}: ${summary.topNode}; planning ${summary.planningMs} ms, execution ${summary.executionMs} ms; heaviest ${summary.heaviestNode}; buffers hit ${summary.sharedHit}, read ${summary.sharedRead}`,
    );
    return summary;
  } finally {
    await client.end();
  }
}

/** The rows a statement answers (e.g. a page statement's keys, for the rows statement that follows it). */
export async function runStatement<T>(url: string, statement: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(statement);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query({ text: sql, values: params as unknown[] })).rows as T[];
  } finally {
    await client.end();
  }
}
