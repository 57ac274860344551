import fc from 'fast-check';
import { expect } from 'vitest';
import type { RouteCatalogueEntry } from '../plugins/access.js';
import { OPENAPI_UI_URL } from '../plugins/openapi.js';
import { changedTables, type TableSnapshot } from './db-snapshot.js';
import type { Attempt } from './fuzz-requests.js';
import { caseOf, isMachineRoute, machineHeaders, routeLabel, type ValidRequest } from './route-cases.js';
import type { RouteHarness } from './route-harness.js';
import type { TestClient, TestResponse } from './test-client.js';

/** The tables a post answered per row writes: its records, their posting attempts and the audit log. */
const RECORD_TABLES = [
  'audits',
  'posting_attempts',
  'sales_invoices',
  'transporter_invoices',
  'cash_advances',
  'fuel_advances',
  'vas_transactions',
];

/**
 * Sends fuzzed requests to the routes of the harness's app and judges each answer (plugins/security-fuzz.int.test.ts):
 * never a 5xx, a 4xx is JSON with a `message`, and a refused request writes nothing. Answers `fuzzEach`.
 */
export function routeFuzzer({ h, ctx, snapshot }: RouteHarness, admin: TestClient) {
  let last: TableSnapshot | undefined;

  /** The client a route is fuzzed as: the administrator, the import's token, or an anonymous browser. */
  async function callerOf(
    route: RouteCatalogueEntry,
  ): Promise<{ client: TestClient; headers: Record<string, string> }> {
    if (isMachineRoute(route)) return { client: h.client(), headers: machineHeaders(route, ctx) };
    if (route.access.auth === 'user') {
      // Its own address each time, so per-address limits (e.g. 20 connection tests a minute) do not hide the answers.
      const client = h.client({
        remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
      });
      for (const [name, cookie] of admin.jar) client.jar.set(name, cookie);
      return { client, headers: {} };
    }
    const client = h.client();
    await client.csrf();
    return { client, headers: {} };
  }

  const PASSWORD_CHECKING = new Set([
    'PUT /api/v1/account/password',
    'DELETE /api/v1/account/two-factor',
    'POST /api/v1/account/two-factor/recovery-codes',
    'POST /two-factor-challenge',
  ]);

  /** Tables a refused request may still write: the refusals a route records on purpose. */
  function writableOnRefusal(route: RouteCatalogueEntry, response: TestResponse): string[] {
    // A refused sign-in counts against the throttle and the audit tally (modules/auth) before it is refused.
    if (route.method === 'POST' && route.url === '/login')
      return ['audits', 'login_throttle', 'auth_event_tallies'];
    // So does a wrong password or code given in My Account or the two-factor challenge (modules/my-account).
    if (PASSWORD_CHECKING.has(`${route.method} ${route.url}`)) return ['audits', 'login_throttle'];
    // Posting answers per row (PostResult): rows refused or failed in SAP are recorded with their reason.
    if (Array.isArray(response.body?.failed)) return RECORD_TABLES;
    return [];
  }

  /** Swagger UI's pages and files (plugins/openapi.ts): the one place answering HTML, scripts and a redirect. */
  const servesPages = (route: RouteCatalogueEntry) => route.url.startsWith(OPENAPI_UI_URL);
  /** Routes whose 2xx is not JSON: those pages, and the metrics (plugins/metrics.ts, Prometheus text). */
  const answersText = (route: RouteCatalogueEntry) =>
    servesPages(route) || route.access.auth === 'metricsToken';

  async function judge(route: RouteCatalogueEntry, attempt: Attempt): Promise<void> {
    const { client, headers } = await callerOf(route);
    // An anonymous caller's csrf-cookie call opened a session: the state before is the state after it.
    const before = route.access.auth === 'public' || !last ? await snapshot() : last;
    last = undefined;
    const response = await client.request({
      method: route.method as 'GET',
      url: attempt.url,
      headers: attempt.payload !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(attempt.payload !== undefined
        ? { payload: attempt.payload }
        : attempt.body !== undefined
          ? { body: attempt.body }
          : {}),
    });
    const after = await snapshot();
    last = after;
    const problems: string[] = [];
    const { status } = response;
    const redirect = servesPages(route) && status === 302;
    if (!((status >= 200 && status < 300) || redirect || (status >= 400 && status < 500)))
      problems.push(`answered ${status}`);
    if (status >= 400) {
      if (!String(response.headers['content-type']).startsWith('application/json'))
        problems.push(`a ${status} that is not JSON`);
      if (typeof response.body?.message !== 'string' || !response.body.message)
        problems.push(`a ${status} without a message`);
      const allowed = writableOnRefusal(route, response);
      const written = changedTables(before, after).filter((t) => !allowed.includes(t));
      if (written.length) problems.push(`a refused request (${status}) wrote to ${written.join(', ')}`);
    } else if (
      response.text &&
      !answersText(route) &&
      !String(response.headers['content-type']).startsWith('application/json')
    ) {
      problems.push(`a ${status} that is not JSON`);
    }
    if (problems.length) {
      const sent = attempt.payload ?? JSON.stringify(attempt.body);
      throw new Error(
        `${route.method} ${attempt.url} ${String(sent).slice(0, 300)}\n-> ${problems.join('; ')}\n   ${response.text.slice(0, 300)}`,
      );
    }
  }

  /** Runs a property for every route it applies to; answers every failing route with its counterexample. */
  async function fuzzEach(
    applies: (route: RouteCatalogueEntry) => boolean,
    runs: number,
    property: (route: RouteCatalogueEntry, seed: ValidRequest) => fc.Arbitrary<Attempt>,
    examples: (route: RouteCatalogueEntry, seed: ValidRequest) => Attempt[] = () => [],
  ): Promise<string[]> {
    const failures: string[] = [];
    const routes = h.app.routeCatalogue.filter(applies);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const seed = await caseOf(route).valid(ctx);
      last = undefined;
      const details = await fc.check(
        fc.asyncProperty(property(route, seed), (attempt) => judge(route, attempt)),
        {
          numRuns: runs,
          endOnFailure: true,
          examples: examples(route, seed).map((attempt) => [attempt] as [Attempt]),
          ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        },
      );
      if (details.failed) {
        // The judge's sentence (what was sent, what came back) says more than the counterexample alone.
        const reason = details.errorInstance instanceof Error ? `\n${details.errorInstance.message}` : '';
        failures.push(`${routeLabel(route)}: ${fc.defaultReportMessage(details)}${reason}`);
      }
      // Undo what the valid requests changed that later routes rely on: the SAP connection.
      if (route.url === '/api/v1/connectionSetting/:id') await admin.patch(seed.url, seed.body);
    }
    return failures;
  }

  return fuzzEach;
}

/** A route fuzzer's `fuzzEach`. */
export type RouteFuzzer = ReturnType<typeof routeFuzzer>;
