import pg from 'pg';
import { RECORD_KIND_NAMES } from '@ff/contract';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { dashboardCounters } from '../../apps/server/src/modules/dashboard/dashboard-counters.js';
import { createDashboardRepository } from '../../apps/server/src/modules/dashboard/dashboard.repository.js';
import { log, median, percentile, round } from './common.js';
import { TIME_ZONE } from './database.js';
import { call, type Session } from './http.js';
import { responseTimes, type TreeServer } from './scale-servers.js';

/**
 * bench:scale (1 and 7), the dashboard's summary statement: (a) EXPLAIN ANALYZE of the exact statement the
 * dashboard repository sends (captured from the driver as the repository runs it for every kind: since issue 30
 * the one over the running totals), and (b) GET /api/v1/dashboard timed inside the server (Fastify's responseTime
 * in its request log).
 */

const RUNS = 9;

/** The statement (text and parameters) the dashboard repository sends for every kind, captured at the pool. */
async function captureSummaryStatement(dbUrl: string): Promise<{ text: string; values: unknown[] }> {
  const database = await openDatabase({ kind: 'postgres', url: dbUrl, max: 1 });
  const pool = database.pool!;
  const sent: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    // drizzle passes ({ text, ... }, params); other callers put the values in the object.
    const text = typeof first === 'string' ? first : first.text;
    const values = second ?? (typeof first === 'string' ? undefined : first.values) ?? [];
    sent.push({ text, values });
    return query(...args);
  };
  try {
    const { hash } = dashboardCounters(database.db, TIME_ZONE).definition;
    await createDashboardRepository(database.db, TIME_ZONE, () => null, hash).summary(RECORD_KIND_NAMES);
  } finally {
    await database.close();
  }
  if (sent.length !== 1) throw new Error(`The dashboard summary sent ${sent.length} statements, not one`);
  return sent[0]!;
}

/** Median planning and execution time of the summary statement over RUNS EXPLAIN ANALYZE runs. */
export async function explainSummary(dbUrl: string) {
  const statement = await captureSummaryStatement(dbUrl);
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const planning: number[] = [];
  const execution: number[] = [];
  let plan: string[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      const result = await client.query<{ 'QUERY PLAN': string }>({
        text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        values: statement.values,
      });
      plan = result.rows.map((r) => r['QUERY PLAN']);
      const ms = (label: string) =>
        Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(plan.join('\n'))?.[1] ?? NaN);
      planning.push(ms('Planning'));
      execution.push(ms('Execution'));
    }
  } finally {
    await client.end();
  }
  const figures = {
    planningMs: round(median(planning), 2),
    executionMs: round(median(execution), 2),
    totalMs: round(median(planning.map((p, i) => p + execution[i]!)), 2),
    runs: RUNS,
    plan,
  };
  log(
    `Summary statement: planning ${figures.planningMs} ms + execution ${figures.executionMs} ms (median of ${RUNS})`,
  );
  return figures;
}

/** GET /api/v1/dashboard `runs` times one after another; the server's own time for each (and the client's). */
export async function timeSummaryRequests(server: TreeServer, session: Session, runs = RUNS) {
  const before = responseTimes(server.lines, '/api/v1/dashboard').length;
  const client: number[] = [];
  for (let i = 0; i < runs + 1; i += 1) {
    const t0 = performance.now();
    const answer = await call(session, 'GET', '/api/v1/dashboard');
    if (answer.status !== 200) throw new Error(`GET /api/v1/dashboard answered ${answer.status}`);
    if (i > 0) client.push(performance.now() - t0);
  }
  // The request log line is written as the answer leaves; give the pipe a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const server_ = responseTimes(server.lines, '/api/v1/dashboard').slice(before + 1);
  const figures = {
    serverMedianMs: round(median(server_), 2),
    serverP95Ms: round(percentile(server_, 95), 2),
    serverMaxMs: round(Math.max(...server_), 2),
    clientMedianMs: round(median(client), 2),
    runs: server_.length,
  };
  log(
    `GET /api/v1/dashboard: server ${figures.serverMedianMs} ms, client ${figures.clientMedianMs} ms (median of ${figures.runs})`,
  );
  return figures;
}
