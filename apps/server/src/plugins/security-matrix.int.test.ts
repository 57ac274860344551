import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, CSRF_COOKIE, type PermissionName } from '@ff/contract';
import { allowed, is401, neededOf, UNSAFE, useAccessMatrix, type Outcome } from '../test/access-matrix.js';
import { createUser, signedIn } from '../test/fixtures.js';
import { caseOf, isMachineRoute, ROUTE_CASES, routeLabel, withQuery } from '../test/route-cases.js';
import { enrol } from '../test/two-factor.js';
import { SESSION_COOKIE } from './session.js';
import { OPENAPI_DOCUMENT_URL, OPENAPI_UI_URL } from './openapi.js';

/**
 * The access matrix, generated from the app's own route catalogue: every route x {anonymous, signed in
 * without the permission, signed in with it}. Each route's valid request comes from test/route-cases.ts; a
 * route without a case fails here. Machine routes x tokens: security-machine-routes.int.test.ts. No privilege
 * escalation and, for every unsafe cookie-authenticated route, the CSRF check: security-unsafe-routes.int.test.ts.
 */
const matrix = useAccessMatrix('security-matrix');
const { routes, clientWith, anonymousClient, send, expectAnswer } = matrix;

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
      const request = await routeCase.valid(matrix.ctx);
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
        () => send(matrix.h.client(), route, request),
        UNSAFE.has(route.method) && !isMachineRoute(route) ? '419' : '401',
        (r) => r.status === (UNSAFE.has(route.method) && !isMachineRoute(route) ? 419 : 401),
      );
      const forged = matrix.h.client();
      forged.jar.set(SESSION_COOKIE, randomBytes(32).toString('base64url'));
      forged.jar.set(CSRF_COOKIE, randomBytes(32).toString('base64url'));
      await expectAnswer(
        mismatches,
        route,
        'forged cookie',
        () => send(forged, route, request),
        UNSAFE.has(route.method) && !isMachineRoute(route) ? '419' : '401',
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
      const request = await caseOf(route).valid(matrix.ctx);
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
      if (isMachineRoute(route)) continue;
      const routeCase = caseOf(route);
      // Public routes and routes open to every signed-in user: a user without any permission.
      const holders: PermissionName[][] = neededOf(route).length ? neededOf(route).map((p) => [p]) : [[]];
      for (const held of holders) {
        const permissions = routeCase.viewedWith ? [...new Set([...held, routeCase.viewedWith])] : held;
        const client = await clientWith(permissions, routeCase.ownsSession === true);
        const request = await routeCase.valid(matrix.ctx);
        const who = permissions.length ? `holder of ${permissions.join(' + ')}` : 'signed in, no permission';
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

  it("a route acting on one posting answers 404 (as for an id that does not exist) to a caller lacking its kind's View permission, and nothing changes", async () => {
    const mismatches: Outcome[] = [];
    const scoped = routes().filter((route) => caseOf(route).viewedWith);
    expect(scoped.map(routeLabel)).toEqual(
      expect.arrayContaining(['GET /api/v1/postings/:id', 'POST /api/v1/postings/:id/reverse']),
    );
    for (const route of scoped) {
      const routeCase = caseOf(route);
      const lacking: [string, PermissionName[]][] = [
        ...neededOf(route)
          .filter((p) => p !== routeCase.viewedWith)
          .map((p): [string, PermissionName[]] => [`holder of ${p} alone`, [p]]),
        [
          `every permission but ${routeCase.viewedWith}`,
          ALL_PERMISSIONS.filter((p) => p !== routeCase.viewedWith),
        ],
      ];
      for (const [who, permissions] of lacking) {
        const client = await clientWith(permissions);
        const request = await routeCase.valid(matrix.ctx);
        await expectAnswer(
          mismatches,
          route,
          who,
          () => send(client, route, request),
          '404',
          (r) => r.status === 404 && r.body?.message === 'There is no posting with this id.',
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a password-only session of a user who has two-factor (one left from before it was turned on) is refused on every signed-in route before its handler runs, and ended', async () => {
    const mismatches: Outcome[] = [];
    const holder = await createUser(matrix.h.server, { permissions: [...ALL_PERMISSIONS] });
    await enrol(await signedIn(matrix.h.server, holder));
    const signedInRoutes = routes().filter((r) => r.access.auth === 'user');
    expect(signedInRoutes.length).toBeGreaterThan(40);
    for (const route of signedInRoutes) {
      // A session that passed the password alone, as an upgrade leaves those open before two-factor was per session.
      const { token, csrfToken } = await matrix.h.app.services.sessions.create({
        userId: holder.id,
        ip: '127.0.0.1',
        userAgent: 'security-matrix',
        twoFactorPassed: false,
      });
      const client = matrix.h.client();
      client.jar.set(SESSION_COOKIE, token);
      client.jar.set(CSRF_COOKIE, csrfToken);
      const request = await caseOf(route).valid(matrix.ctx);
      await expectAnswer(
        mismatches,
        route,
        'password-only session, user has two-factor',
        () => send(client, route, request),
        // Ending the session is the one write (checked next); the access hook answers before any handler runs.
        '401, the session ended',
        is401,
      );
      // Ended: the same cookie is not a session any more.
      await expectAnswer(mismatches, route, 'the same cookie again', () => client.get('/user'), '401', is401);
    }
    expect(mismatches).toEqual([]);
  });
});
