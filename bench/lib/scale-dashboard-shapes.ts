import { log, ROOT } from './common.js';
import { signIn } from './http.js';
import { explainSummary, timeSummaryRequests } from './scale-dashboard.js';
import { startTreeServer } from './scale-servers.js';

/**
 * bench:scale (7, issue 30): the dashboard at the API in each shape of data: the usual one (the last 60 days still
 * to post, the rest posted) and "everything awaits posting" (a company that goes live by importing its historic
 * trips), each after ANALYZE, at the same number of records per kind. For each: the summary statement's EXPLAIN
 * ANALYZE and `runs` GET /api/v1/dashboard timed inside the server (median, p95, max). Goal: p95 under 100 ms in
 * both shapes.
 */
export type DashboardShape = { label: string; url: string; perKind: number; awaitingPerKind: number };

export async function measureDashboardShapes(options: {
  dir: string;
  shapes: DashboardShape[];
  runs: number;
}) {
  const results: Record<string, unknown>[] = [];
  for (const shape of options.shapes) {
    const server = await startTreeServer({
      name: `api-dashboard-${shape.label}`,
      root: ROOT,
      databaseUrl: shape.url,
      dataDir: options.dir,
      logFile: `${options.dir}/api-dashboard-${shape.label}.log`,
    });
    try {
      const session = await signIn(server.url);
      const statement = await explainSummary(shape.url);
      const requests = await timeSummaryRequests(server, session, options.runs);
      log(
        `(7) dashboard, ${shape.label} (${shape.perKind} per kind, ${shape.awaitingPerKind} awaiting): server p95 ${requests.serverP95Ms} ms`,
      );
      const { plan: _plan, ...figures } = statement;
      results.push({ ...shape, url: undefined, statement: figures, requests });
    } finally {
      await server.stop();
    }
  }
  return results;
}
