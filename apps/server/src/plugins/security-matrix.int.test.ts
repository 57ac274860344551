import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, CSRF_COOKIE, type PermissionName } from '@ff/contract';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { allowed, is401, neededOf, UNSAFE, useAccessMatrix, type Outcome } from '../test/access-matrix.js';
import { caseOf, ROUTE_CASES, routeLabel, withQuery } from '../test/route-cases.js';
import { SESSION_COOKIE } from './access.js';
import { OPENAPI_DOCUMENT_URL, OPENAPI_UI_URL } from './openapi.js';

/**
 * The access matrix, generated from the app's own route catalogue: every route x {anonymous, signed in
 * without the permission, signed in with it}, and machine routes x tokens. Each route's valid request comes from
 * test/route-cases.ts; a route without a case fails here. No privilege escalation and, for every unsafe
 * cookie-authenticated route, the CSRF check: security-unsafe-routes.int.test.ts.
 */
const SYSTEM = { actor: SYSTEM_ACTOR, ip: '127.0.0.1' };
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
        UNSAFE.has(route.method) && route.access.auth !== 'apiToken' ? '419' : '401',
        (r) => r.status === (UNSAFE.has(route.method) && route.access.auth !== 'apiToken' ? 419 : 401),
      );
      const forged = matrix.h.client();
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
      if (route.access.auth === 'apiToken') continue;
      const routeCase = caseOf(route);
      // Public routes and routes open to every signed-in user: a user without any permission.
      const holders: PermissionName[][] = neededOf(route).length ? neededOf(route).map((p) => [p]) : [[]];
      for (const permissions of holders) {
        const client = await clientWith(permissions, routeCase.ownsSession === true);
        const request = await routeCase.valid(matrix.ctx);
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
    const revoked = await matrix.h.app.services.apiTokens.create(
      `revoked-${randomBytes(3).toString('hex')}`,
      SYSTEM,
    );
    await matrix.h.app.services.apiTokens.revoke(String(revoked.record.id), SYSTEM);
    const admin = await clientWith(ALL_PERMISSIONS as PermissionName[]);
    const mismatches: Outcome[] = [];
    for (const route of machine) {
      const request = await caseOf(route).valid(matrix.ctx);
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
          () => send(matrix.h.client(), route, request, { authorization: `Bearer ${token}` }),
          '401',
          (r) => is401(r) && r.headers['www-authenticate'] === 'Bearer',
        );
      }
      await expectAnswer(
        mismatches,
        route,
        'live token',
        () => send(matrix.h.client(), route, request, { authorization: `Bearer ${matrix.ctx.apiToken}` }),
        String(request.status),
        allowed(request),
      );
    }
    expect(mismatches).toEqual([]);
  });
});
