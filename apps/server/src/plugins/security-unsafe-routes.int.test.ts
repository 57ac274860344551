import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, PERMISSIONS, type PermissionName } from '@ff/contract';
import { allowed, neededOf, UNSAFE, useAccessMatrix, type Outcome } from '../test/access-matrix.js';
import { caseOf, ROUTE_CASES, routeLabel } from '../test/route-cases.js';
import type { TestResponse } from '../test/test-client.js';

/**
 * The unsafe routes of the app's route catalogue (see security-matrix.int.test.ts): no user or role manager grants
 * or manages more than they hold, and every cookie-authenticated one needs the session's CSRF token.
 */
const matrix = useAccessMatrix('security-matrix');
const { routes, clientWith, anonymousClient, send, expectAnswer } = matrix;

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
          const request = await escalation(matrix.ctx, [permission, lacking]);
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
        const request = await escalation(matrix.ctx, [permission, lacking]);
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
      const request = await caseOf(route).valid(matrix.ctx);
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
        () =>
          send(matrix.h.client(), route, request, { 'x-xsrf-token': randomBytes(32).toString('base64url') }),
        '419',
        is419,
      );
    }
    expect(mismatches).toEqual([]);
    // Nobody was signed out by all that.
    expect((await admin.get('/user')).status).toBe(200);
  });
});
