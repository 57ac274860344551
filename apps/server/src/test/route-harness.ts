import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { tableNames, tableSnapshot, type TableSnapshot } from './db-snapshot.js';
import { startPostingHarness, type PostingHarness } from './posting-harness.js';
import { TEST_METRICS_TOKEN, type CaseContext } from './route-cases.js';

/** What the suites walking the app's route catalogue (plugins/security-*.int.test.ts) work with. */
export type RouteHarness = {
  h: PostingHarness;
  /** What a route case needs to build its valid request (the harness and a live API token). */
  ctx: CaseContext;
  /** Every table's rows once the mailer is idle, to prove that a refused request wrote nothing. */
  snapshot(): Promise<TableSnapshot>;
};

/**
 * The app with the queue but no VAS worker, against the simulator, an API token named `tokenName` and
 * METRICS_TOKEN set (so `GET /metrics` is a route of the catalogue). No
 * background work runs: a timer's write (an audit-tally total once a 15-minute window closes) would otherwise
 * be taken for the write of the refused request judged at that moment.
 */
export async function startRouteHarness(tokenName: string): Promise<RouteHarness> {
  const h = await startPostingHarness({
    queue: true,
    worker: false,
    background: false,
    env: { METRICS_TOKEN: TEST_METRICS_TOKEN },
  });
  const { token } = await h.app.services.apiTokens.create(tokenName, {
    actor: SYSTEM_ACTOR,
    ip: '127.0.0.1',
  });
  const tables = await tableNames(h.database);
  return {
    h,
    ctx: { h, apiToken: token },
    async snapshot() {
      await h.app.services.mailer.idle();
      return tableSnapshot(h.database, tables);
    },
  };
}
