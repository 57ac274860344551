import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type PermissionName } from '@ff/contract';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { allowed, is401, useAccessMatrix, type Outcome } from '../test/access-matrix.js';
import { caseOf, machineHeaders, routeLabel } from '../test/route-cases.js';

/**
 * The access matrix of the machine routes, generated from the app's own route catalogue: the routes that take
 * an API token (`apiToken`) and the metrics (`metricsToken`) x sessions and tokens, live, revoked, made up or
 * nearly right. The routes people call: security-matrix.int.test.ts.
 */
const SYSTEM = { actor: SYSTEM_ACTOR, ip: '127.0.0.1' };
const matrix = useAccessMatrix('security-matrix');
const { routes, clientWith, send, expectAnswer } = matrix;

describe('access matrix', () => {
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
  it('the metrics take only METRICS_TOKEN as a Bearer token: not a session cookie, not an API token, not a near miss', async () => {
    const scraped = routes().filter((r) => r.access.auth === 'metricsToken');
    expect(scraped.map(routeLabel)).toEqual(['GET /metrics']);
    const admin = await clientWith(ALL_PERMISSIONS as PermissionName[]);
    const token = matrix.h.env.METRICS_TOKEN!;
    const mismatches: Outcome[] = [];
    for (const route of scraped) {
      const request = await caseOf(route).valid(matrix.ctx);
      await expectAnswer(
        mismatches,
        route,
        'administrator session',
        () => send(admin, route, request),
        '401',
        is401,
      );
      for (const [who, sent] of [
        ['import API token', matrix.ctx.apiToken],
        ['token one character short', token.slice(0, -1)],
        ['token one character long', `${token}x`],
        ['token with its last character changed', `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`],
      ] as const) {
        await expectAnswer(
          mismatches,
          route,
          who,
          () => send(matrix.h.client(), route, request, { authorization: `Bearer ${sent}` }),
          '401',
          (r) => is401(r) && r.headers['www-authenticate'] === 'Bearer',
        );
      }
      await expectAnswer(
        mismatches,
        route,
        'METRICS_TOKEN',
        () => send(matrix.h.client(), route, request, machineHeaders(route, matrix.ctx)),
        String(request.status),
        (r) =>
          allowed(request)(r) && String(r.headers['content-type']).startsWith('text/plain; version=0.0.4'),
      );
    }
    expect(mismatches).toEqual([]);
  });
});
