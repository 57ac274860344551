import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, CSRF_COOKIE, PERMISSIONS, type PermissionName } from '@ff/contract';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { createUser, signedIn } from '../test/fixtures.js';
import { changedTables, tableNames, tableSnapshot } from '../test/db-snapshot.js';
import { startPostingHarness, type PostingHarness } from '../test/posting-harness.js';
import {
  caseOf,
  ROUTE_CASES,
  routeLabel,
  withQuery,
  type CaseContext,
  type ValidRequest,
} from '../test/route-cases.js';
import type { TestClient, TestResponse } from '../test/test-client.js';
import { SESSION_COOKIE, type RouteCatalogueEntry } from './access.js';
import { OPENAPI_DOCUMENT_URL, OPENAPI_UI_URL } from './openapi.js';

/**
 * The access matrix, generated from the app's own route catalogue: every route x {anonymous, signed in
 * without the permission, signed in with it} and, for every unsafe cookie-authenticated route, the CSRF check.
 * Each route's valid request comes from test/route-cases.ts; a route without a case fails here.
 */
const SYSTEM = { actor: SYSTEM_ACTOR, ip: '127.0.0.1' };
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REFUSED = new Set([401, 403, 419]);

let h: PostingHarness;
let ctx: CaseContext;
let tables: string[];
beforeAll(async () => {
  h = await startPostingHarness({ queue: true, worker: false });
  const { token } = await h.app.services.apiTokens.create('security-matrix', SYSTEM);
  ctx = { h, apiToken: token };
  tables = await tableNames(h.database);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const routes = () => h.app.routeCatalogue;
const neededOf = (route: RouteCatalogueEntry): PermissionName[] =>
  route.access.auth === 'user' && route.access.permission !== null
    ? typeof route.access.permission === 'string'
      ? [route.access.permission]
      : [...route.access.permission]
    : [];

/** Signed-in clients per permission set, reused across routes (routes that own the session get fresh ones). */
const clients = new Map<string, Promise<TestClient>>();
function clientWith(permissions: PermissionName[], fresh = false): Promise<TestClient> {
  const key = [...permissions].sort().join('|');
  const make = async () => signedIn(h.server, await createUser(h.server, { permissions }));
  if (fresh) return make();
  if (!clients.has(key)) clients.set(key, make());
  return clients.get(key)!;
}
async function anonymousClient(): Promise<TestClient> {
  const client = h.client();
  await client.csrf();
  return client;
}

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
const snapshot = async () => {
  await h.app.services.mailer.idle();
  return tableSnapshot(h.database, tables);
};

type Outcome = { route: string; who: string; status: number; expected: string; body?: unknown };

/** Calls the route and records a mismatch when the answer is not what `check` expects. */
async function expectAnswer(
  mismatches: Outcome[],
  route: RouteCatalogueEntry,
  who: string,
  call: () => Promise<TestResponse>,
  expected: string,
  check: (response: TestResponse) => boolean,
) {
  const before = REFUSING.has(expected) ? await snapshot() : undefined;
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
    const changed = changedTables(before, await snapshot());
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
const REFUSING = new Set(['401', '403', '419']);
const is401 = (r: TestResponse) => r.status === 401 && typeof r.body?.message === 'string';
const allowed = (request: ValidRequest) => (r: TestResponse) =>
  r.status === request.status && !REFUSED.has(r.status);

describe('the route catalogue', () => {
  it('has a security case for every route and no case for a route that does not exist', () => {
    const listed = routes().map(routeLabel).sort();
    expect(listed.length).toBeGreaterThan(30);
    expect(Object.keys(ROUTE_CASES).sort()).toEqual(listed);
  });

  it('holds the OpenAPI document and every Swagger UI route, for signed-in users', () => {
    const docs = routes().filter((r) => r.url === OPENAPI_DOCUMENT_URL || r.url.startsWith(OPENAPI_UI_URL));
    expect(docs.map(routeLabel)).toEqual(
      expect.arrayContaining([
        `GET ${OPENAPI_DOCUMENT_URL}`,
        `GET ${OPENAPI_UI_URL}`,
        `GET ${OPENAPI_UI_URL}/json`,
      ]),
    );
    for (const route of docs)
      expect(route.access, routeLabel(route)).toEqual({ auth: 'user', permission: null });
  });

  it('names only permissions of the catalogue', () => {
    for (const route of routes())
      for (const p of neededOf(route)) expect(ALL_PERMISSIONS, routeLabel(route)).toContain(p);
  });
});

describe('access matrix', () => {
  it('anonymous callers get 401 on every route that is not public (GET and HEAD alike), and what a user gets on public ones', async () => {
    const mismatches: Outcome[] = [];
    const shared = await anonymousClient();
    for (const route of routes()) {
      const routeCase = caseOf(route);
      const request = await routeCase.valid(ctx);
      const client = routeCase.ownsSession ? await anonymousClient() : shared;
      if (route.access.auth === 'public') {
        const status = routeCase.anonymousStatus ?? request.status;
        await expectAnswer(
          mismatches,
          route,
          'anonymous',
          () => send(client, route, request),
          String(status),
          (r) => r.status === status,
        );
        continue;
      }
      await expectAnswer(mismatches, route, 'anonymous', () => send(client, route, request), '401', is401);
      // No session cookie at all, and a made-up one.
      await expectAnswer(
        mismatches,
        route,
        'no cookie',
        () => send(h.client(), route, request),
        UNSAFE.has(route.method) && route.access.auth !== 'apiToken' ? '419' : '401',
        (r) => r.status === (UNSAFE.has(route.method) && route.access.auth !== 'apiToken' ? 419 : 401),
      );
      const forged = h.client();
      forged.jar.set(SESSION_COOKIE, randomBytes(32).toString('base64url'));
      forged.jar.set(CSRF_COOKIE, randomBytes(32).toString('base64url'));
      await expectAnswer(
        mismatches,
        route,
        'forged cookie',
        () => send(forged, route, request),
        UNSAFE.has(route.method) && route.access.auth !== 'apiToken' ? '419' : '401',
        (r) => r.status === 419 || r.status === 401,
      );
      if (route.method === 'GET') {
        await expectAnswer(
          mismatches,
          route,
          'anonymous HEAD',
          () => shared.request({ method: 'HEAD', url: withQuery(request) }),
          '401',
          (r) => r.status === 401,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a signed-in user holding every permission but the one a route needs gets 403 naming it, and nothing changes', async () => {
    const mismatches: Outcome[] = [];
    let checked = 0;
    for (const route of routes()) {
      const needed = neededOf(route);
      if (!needed.length) continue;
      const client = await clientWith(ALL_PERMISSIONS.filter((p) => !needed.includes(p)));
      const request = await caseOf(route).valid(ctx);
      await expectAnswer(
        mismatches,
        route,
        `all but ${needed.join(' / ')}`,
        () => send(client, route, request),
        '403',
        (r) =>
          r.status === 403 &&
          needed.every((p) => String(r.body?.message).includes(`"${p}"`)) &&
          /Ask an administrator/.test(String(r.body?.message)),
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });

  it('a signed-in user holding only the permission a route needs (each alternative alone) is let through', async () => {
    const mismatches: Outcome[] = [];
    for (const route of routes()) {
      if (route.access.auth === 'apiToken') continue;
      const routeCase = caseOf(route);
      // Public routes and routes open to every signed-in user: a user without any permission.
      const holders: PermissionName[][] = neededOf(route).length ? neededOf(route).map((p) => [p]) : [[]];
      for (const permissions of holders) {
        const client = await clientWith(permissions, routeCase.ownsSession === true);
        const request = await routeCase.valid(ctx);
        const who = permissions.length ? `holder of ${permissions[0]}` : 'signed in, no permission';
        await expectAnswer(
          mismatches,
          route,
          who,
          () => send(client, route, request),
          String(request.status),
          allowed(request),
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('machine routes take only a live Bearer token: not a session cookie, not a revoked or made-up token', async () => {
    const machine = routes().filter((r) => r.access.auth === 'apiToken');
    expect(machine.length).toBeGreaterThan(0);
    const revoked = await h.app.services.apiTokens.create(
      `revoked-${randomBytes(3).toString('hex')}`,
      SYSTEM,
    );
    await h.app.services.apiTokens.revoke(String(revoked.record.id), SYSTEM);
    const admin = await clientWith(ALL_PERMISSIONS as PermissionName[]);
    const mismatches: Outcome[] = [];
    for (const route of machine) {
      const request = await caseOf(route).valid(ctx);
      await expectAnswer(
        mismatches,
        route,
        'administrator session',
        () => send(admin, route, request),
        '401',
        is401,
      );
      for (const [who, token] of [
        ['revoked token', revoked.token],
        ['made-up token', `ffk_${randomBytes(32).toString('base64url')}`],
        ['token without prefix', randomBytes(32).toString('base64url')],
      ] as const) {
        await expectAnswer(
          mismatches,
          route,
          who,
          () => send(h.client(), route, request, { authorization: `Bearer ${token}` }),
          '401',
          (r) => is401(r) && r.headers['www-authenticate'] === 'Bearer',
        );
      }
      await expectAnswer(
        mismatches,
        route,
        'live token',
        () => send(h.client(), route, request, { authorization: `Bearer ${ctx.apiToken}` }),
        String(request.status),
        allowed(request),
      );
    }
    expect(mismatches).toEqual([]);
  });
});

describe('no privilege escalation', () => {
  // Generated: every unsafe route a user or role manager may call; a new one without an escalation case fails here.
  const MANAGING: readonly PermissionName[] = [PERMISSIONS.manageUsers, PERMISSIONS.manageRoles];
  const guarded = () =>
    routes().filter((r) => UNSAFE.has(r.method) && neededOf(r).some((p) => MANAGING.includes(p)));

  it('every unsafe user and role route has an escalation case', () => {
    const labels = guarded().map(routeLabel);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/v1/users',
        'PATCH /api/v1/toggleUser/:id',
        'POST /api/v1/roles',
        'PATCH /api/v1/toggleRoles/:id',
      ]),
    );
    expect(labels.filter((label) => !ROUTE_CASES[label]?.escalation)).toEqual([]);
  });

  it("a caller holding the route's permission but not every permission of the target gets 403 naming the missing ones, and nothing changes", async () => {
    const mismatches: Outcome[] = [];
    let checked = 0;
    for (const route of guarded()) {
      const escalation = caseOf(route).escalation!;
      for (const permission of neededOf(route)) {
        const caller = await clientWith([permission]);
        // A target holding the caller's permission and one more; each permission of the catalogue in turn.
        for (const lacking of ALL_PERMISSIONS.filter((p) => p !== permission)) {
          const request = await escalation(ctx, [permission, lacking]);
          await expectAnswer(
            mismatches,
            route,
            `holder of ${permission} alone, target also holding ${lacking}`,
            () => send(caller, route, request),
            '403',
            (r) =>
              r.status === 403 &&
              /permissions you do not have \(.+\)\.$/.test(String(r.body?.message)) &&
              String(r.body?.message).includes(lacking) &&
              !String(r.body?.message).includes(`${permission},`) &&
              !String(r.body?.message).endsWith(`${permission}).`),
          );
          checked += 1;
        }
        // Holding the target's permissions too, the same change is allowed (the 403 above is the escalation rule, nothing else).
        const lacking = ALL_PERMISSIONS.find((p) => p !== permission)!;
        const request = await escalation(ctx, [permission, lacking]);
        await expectAnswer(
          mismatches,
          route,
          `holder of ${permission} and ${lacking}`,
          async () => send(await clientWith([permission, lacking]), route, request),
          String(request.status),
          allowed(request),
        );
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4 * (ALL_PERMISSIONS.length - 1));
    expect(mismatches).toEqual([]);
  });
});

describe('CSRF', () => {
  it("every unsafe cookie-authenticated route answers 419 without X-XSRF-TOKEN, with a wrong one or with another session's, and writes nothing", async () => {
    const unsafe = routes().filter((r) => UNSAFE.has(r.method) && r.access.auth !== 'apiToken');
    expect(unsafe.length).toBeGreaterThan(10);
    const admin = await clientWith(ALL_PERMISSIONS as PermissionName[]);
    const anonymous = await anonymousClient();
    const otherSession = await anonymousClient();
    const mismatches: Outcome[] = [];
    const is419 = (r: TestResponse) => r.status === 419 && r.body?.message === AUTH_MESSAGES.csrfMismatch;
    for (const route of unsafe) {
      const request = await caseOf(route).valid(ctx);
      for (const [who, client] of [
        ['administrator', admin],
        ['anonymous', anonymous],
      ] as const) {
        const token = client.xsrfToken!;
        const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
        await expectAnswer(
          mismatches,
          route,
          `${who}, no header`,
          () => send(client, route, request, {}, false),
          '419',
          is419,
        );
        await expectAnswer(
          mismatches,
          route,
          `${who}, wrong header`,
          () => send(client, route, request, { 'x-xsrf-token': wrong }),
          '419',
          is419,
        );
        await expectAnswer(
          mismatches,
          route,
          `${who}, empty header`,
          () => send(client, route, request, { 'x-xsrf-token': '' }),
          '419',
          is419,
        );
        await expectAnswer(
          mismatches,
          route,
          `${who}, another session's token`,
          () => send(client, route, request, { 'x-xsrf-token': otherSession.xsrfToken! }),
          '419',
          is419,
        );
      }
      await expectAnswer(
        mismatches,
        route,
        'no session, made-up header',
        () => send(h.client(), route, request, { 'x-xsrf-token': randomBytes(32).toString('base64url') }),
        '419',
        is419,
      );
    }
    expect(mismatches).toEqual([]);
    // Nobody was signed out by all that.
    expect((await admin.get('/user')).status).toBe(200);
  });
});
