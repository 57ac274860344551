import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { startPostingHarness, type PostingHarness } from '../test/posting-harness.js';
import {
  caseOf,
  machineHeaders,
  routeLabel,
  TEST_METRICS_TOKEN,
  withQuery,
  type CaseContext,
} from '../test/route-cases.js';
import type { TestClient, TestResponse } from '../test/test-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestServer, type TestServer } from '../test/test-server.js';

/**
 * Response headers (docs/design/auth-contract.md "Headers"): a strict CSP, no-store on every API answer, no
 * X-Powered-By, and HSTS exactly when the request came over https, which the app believes of a
 * `X-Forwarded-Proto: https` header only when it comes from a proxy TRUST_PROXY trusts.
 */
const HSTS = 'max-age=31536000; includeSubDomains';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let h: PostingHarness;
let ctx: CaseContext;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness({
    queue: true,
    worker: false,
    env: { METRICS_TOKEN: TEST_METRICS_TOKEN },
  });
  ctx = {
    h,
    apiToken: (
      await h.app.services.apiTokens.create('security-headers', { actor: SYSTEM_ACTOR, ip: '127.0.0.1' })
    ).token,
  };
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** What is wrong with the security headers of a response over plain http (empty when nothing). */
function headerProblems(response: TestResponse): string[] {
  const problems: string[] = [];
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  const expectDirective = (name: string, values: string[]) => {
    if (JSON.stringify(directives.get(name)) !== JSON.stringify(values))
      problems.push(`CSP ${name} is ${JSON.stringify(directives.get(name))}`);
  };
  expectDirective('default-src', ["'self'"]);
  expectDirective('script-src', ["'self'"]);
  expectDirective('object-src', ["'none'"]);
  expectDirective('frame-ancestors', ["'none'"]);
  expectDirective('base-uri', ["'self'"]);
  if (response.headers['cache-control'] !== 'no-store')
    problems.push(`cache-control is ${String(response.headers['cache-control'])}`);
  if (response.headers['x-powered-by'] !== undefined) problems.push('x-powered-by is sent');
  if (response.headers['x-content-type-options'] !== 'nosniff')
    problems.push('x-content-type-options is not nosniff');
  if (response.headers['strict-transport-security'] !== undefined) problems.push('HSTS over plain http');
  if (!/^[\w.-]{1,100}$/.test(String(response.headers['x-request-id']))) problems.push('no request id');
  return problems;
}

describe('every route of the catalogue', () => {
  it('answers with a strict CSP, Cache-Control: no-store, nosniff, no X-Powered-By and no HSTS over http, allowed or refused', async () => {
    const problems: Record<string, string[]> = {};
    for (const route of h.app.routeCatalogue) {
      const routeCase = caseOf(route);
      const request = await routeCase.valid(ctx);
      let client = admin;
      if (routeCase.ownsSession) client = await h.signInAsAdmin();
      const headers = machineHeaders(route, ctx);
      const body =
        request.body !== undefined ? { body: request.body } : UNSAFE.has(route.method) ? { body: {} } : {};
      const allowed = await client.request({
        method: route.method as 'GET',
        url: withQuery(request),
        headers,
        ...body,
      });
      const refused = await h
        .client()
        .request({ method: route.method as 'GET', url: withQuery(request), ...body });
      expect(allowed.status, routeLabel(route)).toBe(request.status);
      expect(refused.status, routeLabel(route)).toBeGreaterThanOrEqual(
        route.access.auth === 'public' ? 200 : 400,
      );
      for (const [what, response] of [
        ['allowed', allowed],
        ['refused', refused],
      ] as const) {
        const found = headerProblems(response);
        if (found.length) problems[`${routeLabel(route)} (${what}, ${response.status})`] = found;
      }
    }
    expect(problems).toEqual({});
  });

  it('error answers carry the same headers: 400, 401, 403, 404, 413, 415, 419, 422 and 429', async () => {
    const anonymous = h.client();
    await anonymous.csrf();
    const answers: TestResponse[] = [
      await admin.request({
        method: 'POST',
        url: '/api/v1/roles',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      await anonymous.get('/api/v1/users'),
      await admin.request({ method: 'POST', url: '/api/v1/import/cash-advances', body: [] }),
      await admin.get('/api/v1/no-such-route'),
      await admin.post('/api/v1/roles', { name: 'Big', permissions: ['x'.repeat(1024 * 1024 + 10)] }),
      await admin.request({
        method: 'POST',
        url: '/api/v1/roles',
        payload: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await admin.request({ method: 'POST', url: '/api/v1/roles', body: {}, xsrf: false }),
      await admin.post('/api/v1/roles', {}),
    ];
    // POST /testConnection allows 20 calls a minute per address.
    const limited = h.client({ remoteAddress: '10.77.0.1' });
    await limited.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    let last: TestResponse | undefined;
    for (let i = 0; i < 25 && last?.status !== 429; i += 1)
      last = await limited.post('/api/v1/testConnection', {});
    answers.push(last!);
    expect(answers.map((a) => a.status)).toEqual([400, 401, 401, 404, 413, 415, 419, 422, 429]);
    for (const answer of answers) {
      expect(headerProblems(answer), `${answer.status} ${answer.text.slice(0, 80)}`).toEqual([]);
      expect(typeof answer.body.message).toBe('string');
    }
  });
});

describe('HSTS and Secure cookies follow the protocol the app trusts', () => {
  const servers: TestServer[] = [];
  const start = async (trustProxy: string) => {
    const server = await createTestServer({ env: { TRUST_PROXY: trustProxy } });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const https = { 'x-forwarded-proto': 'https' };

  /** csrf-cookie (204, cookies), an API 401, a 404 and a signed-in 200 over the given client. */
  async function answers(server: TestServer, remoteAddress: string, headers: Record<string, string>) {
    const client = server.client({ remoteAddress, headers });
    const csrf = await client.csrf();
    const unauthenticated = await client.get('/api/v1/users');
    const missing = await client.get('/api/v1/nothing-here');
    await client.post('/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const user = await client.get('/user');
    expect(user.status).toBe(200);
    return { csrf, all: [csrf, unauthenticated, missing, user] };
  }

  it('TRUST_PROXY=false: X-Forwarded-Proto from a client is ignored (no HSTS, no Secure cookies)', async () => {
    const server = await start('false');
    const { csrf, all } = await answers(server, '203.0.113.9', https);
    for (const response of all) expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csrf.cookies.length).toBe(2);
    expect(csrf.cookies.some((c) => c.secure)).toBe(false);
  });

  it('TRUST_PROXY=true: https from the proxy gets HSTS on every answer and Secure cookies; http gets neither', async () => {
    const server = await start('true');
    const secure = await answers(server, '10.0.0.254', https);
    for (const response of secure.all) expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(secure.csrf.cookies.length).toBe(2);
    expect(secure.csrf.cookies.every((c) => c.secure === true)).toBe(true);
    const plain = await answers(server, '10.0.0.254', { 'x-forwarded-proto': 'http' });
    for (const response of plain.all) expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(plain.csrf.cookies.some((c) => c.secure)).toBe(false);
  });

  it('TRUST_PROXY as addresses: only a listed proxy can say https', async () => {
    const server = await start('10.0.0.0/8');
    const viaProxy = await answers(server, '10.1.2.3', https);
    for (const response of viaProxy.all) expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(viaProxy.csrf.cookies.every((c) => c.secure === true)).toBe(true);
    const direct = await answers(server, '198.51.100.7', https);
    for (const response of direct.all) expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(direct.csrf.cookies.some((c) => c.secure)).toBe(false);
  });

  it('TRUST_PROXY as a hop count: the nearest proxy can say https', async () => {
    const server = await start('1');
    const { csrf, all } = await answers(server, '10.9.9.9', { ...https, 'x-forwarded-for': '198.51.100.1' });
    for (const response of all) expect(response.headers['strict-transport-security']).toBe(HSTS);
    expect(csrf.cookies.every((c) => c.secure === true)).toBe(true);
  });
});
