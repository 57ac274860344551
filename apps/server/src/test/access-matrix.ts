import { afterAll, beforeAll } from 'vitest';
import type { PermissionName } from '@ff/contract';
import type { RouteCatalogueEntry } from '../plugins/access.js';
import { changedTables } from './db-snapshot.js';
import { createUser, signedIn } from './fixtures.js';
import { routeLabel, withQuery, type ValidRequest } from './route-cases.js';
import { startRouteHarness, type RouteHarness } from './route-harness.js';
import type { TestClient, TestResponse } from './test-client.js';

/** The methods that change something (they need a CSRF token with a session cookie). */
export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The refusals of the access rules: not signed in, lacking a permission, no valid CSRF token. */
const REFUSED = new Set([401, 403, 419]);
/** Expected answers after which nothing may have changed (404: a record the caller may not see). */
const REFUSING = new Set(['401', '403', '404', '419']);

/** The permissions a route asks for (any one of them lets a user through); none for public and token routes. */
export const neededOf = (route: RouteCatalogueEntry): PermissionName[] =>
  route.access.auth === 'user' && route.access.permission !== null
    ? typeof route.access.permission === 'string'
      ? [route.access.permission]
      : [...route.access.permission]
    : [];

/** A mismatch between what a caller got from a route and what the matrix expects. */
export type Outcome = { route: string; who: string; status: number; expected: string; body?: unknown };

/** A 401 with a message. */
export const is401 = (r: TestResponse) => r.status === 401 && typeof r.body?.message === 'string';
/** What a caller allowed through gets: the status of the route's valid request, and not a refusal. */
export const allowed = (request: ValidRequest) => (r: TestResponse) =>
  r.status === request.status && !REFUSED.has(r.status);

/**
 * The access-matrix suites (plugins/security-*.int.test.ts): starts a route harness (with an API token named
 * `tokenName`) before the suite and closes it after, and answers it with the calls the suites make through it.
 */
export function useAccessMatrix(tokenName: string) {
  let harness: RouteHarness | undefined;
  beforeAll(async () => {
    harness = await startRouteHarness(tokenName);
  }, 120_000);
  afterAll(async () => {
    await harness?.h.close();
  });
  const started = () => {
    if (!harness) throw new Error('The access matrix is used before its beforeAll ran');
    return harness;
  };

  /** The app's route catalogue. */
  const routes = () => started().h.app.routeCatalogue;

  /** Signed-in clients per permission set, reused across routes (routes that own the session get fresh ones). */
  const clients = new Map<string, Promise<TestClient>>();
  function clientWith(permissions: PermissionName[], fresh = false): Promise<TestClient> {
    const key = [...permissions].sort().join('|');
    const make = async () =>
      signedIn(started().h.server, await createUser(started().h.server, { permissions }));
    if (fresh) return make();
    if (!clients.has(key)) clients.set(key, make());
    return clients.get(key)!;
  }
  async function anonymousClient(): Promise<TestClient> {
    const client = started().h.client();
    await client.csrf();
    return client;
  }

  /** Sends the request to the route as `client`; unsafe routes get an empty JSON body when the request has none. */
  const send = (
    client: TestClient,
    route: RouteCatalogueEntry,
    request: ValidRequest,
    headers: Record<string, string> = {},
    xsrf = true,
  ) =>
    client.request({
      method: route.method as 'GET',
      url: withQuery(request),
      ...(request.body !== undefined ? { body: request.body } : UNSAFE.has(route.method) ? { body: {} } : {}),
      headers,
      xsrf,
    });

  /** Calls the route and records a mismatch when the answer is not what `check` expects. */
  async function expectAnswer(
    mismatches: Outcome[],
    route: RouteCatalogueEntry,
    who: string,
    call: () => Promise<TestResponse>,
    expected: string,
    check: (response: TestResponse) => boolean,
  ) {
    const before = REFUSING.has(expected) ? await started().snapshot() : undefined;
    const response = await call();
    const ok = check(response);
    if (!ok)
      mismatches.push({
        route: routeLabel(route),
        who,
        status: response.status,
        expected,
        body: response.body,
      });
    if (before && ok) {
      const changed = changedTables(before, await started().snapshot());
      if (changed.length)
        mismatches.push({
          route: routeLabel(route),
          who,
          status: response.status,
          expected: `${expected}, writing nothing`,
          body: { changed },
        });
    }
  }

  return {
    get h() {
      return started().h;
    },
    get ctx() {
      return started().ctx;
    },
    routes,
    clientWith,
    anonymousClient,
    send,
    expectAnswer,
  };
}
