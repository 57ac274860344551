import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PERMISSIONS } from '@ff/contract';
import { createUser } from '../test/fixtures.js';
import type { TestClient } from '../test/test-client.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

const EXPLODE = '/api/v1/__test/explode';
const logLines: string[] = [];
let undeclaredRouteError: unknown;

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer({
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
    beforeReady(app) {
      app.get(EXPLODE, { config: { access: { auth: 'public' } } }, async () => {
        throw new Error('connection to 10.1.2.3 refused (secret detail)');
      });
      try {
        app.get('/api/v1/__test/undeclared', async () => 'nobody checks me');
      } catch (error) {
        undeclaredRouteError = error;
      }
    },
  });
  admin = await server.signInAsAdmin();
});
afterAll(async () => {
  await server.close();
});

// The access matrix of every route (401 / 403 / allowed, and 419 on unsafe methods) is security-matrix.int.test.ts.
describe('route catalogue', () => {
  it('an API route that declares no access rule is refused at start-up; declared ones are catalogued', () => {
    expect(String(undeclaredRouteError)).toMatch(/GET \/api\/v1\/__test\/undeclared declares no access rule/);
    const labels = server.app.routeCatalogue.map((r) => `${r.method} ${r.url}`);
    expect(labels).toContain(`GET ${EXPLODE}`);
    expect(labels).not.toContain('GET /api/v1/__test/undeclared');
    for (const route of server.app.routeCatalogue)
      expect(['public', 'user', 'apiToken', 'metricsToken']).toContain(route.access.auth);
  });
});

describe('request bodies', () => {
  it('answers 413 for a JSON body over 1 MiB', async () => {
    const response = await admin.post('/api/v1/roles', {
      name: 'Big',
      permissions: ['x'.repeat(1024 * 1024 + 10)],
    });
    expect(response).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } });
  });

  it('answers 415 for anything but JSON', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/roles',
        payload: 'name=Sneaky',
        headers: { 'content-type': type },
      });
      expect(response, type).toMatchObject({
        status: 415,
        body: { message: 'Send the request body as application/json.' },
      });
    }
  });

  it('answers 422 for text holding U+0000 and for ids past PostgreSQL integers, which the database would refuse with a 500', async () => {
    const nul = await admin.post('/api/v1/roles', {
      name: 'Nul\u0000Role',
      permissions: [PERMISSIONS.viewSalesInvoices],
    });
    expect(nul).toMatchObject({
      status: 422,
      body: { errors: { name: ['The text must not contain the NUL character (\\u0000).'] } },
    });
    const login = await server.client().login('a\u0000@example.com', 'whatever');
    expect(login).toMatchObject({
      status: 422,
      body: { errors: { email: [expect.stringContaining('NUL')] } },
    });
    const query = await admin.get('/api/v1/users?fromDate=%00');
    expect(query).toMatchObject({
      status: 422,
      body: { errors: { fromDate: [expect.stringContaining('NUL')] } },
    });

    const tooBig = await admin.patch('/api/v1/toggleUser/2147483648', { toggleStatus: true });
    expect(tooBig).toMatchObject({
      status: 422,
      body: { errors: { id: ['There is no record with this id.'] } },
    });
    const posting = await admin.post('/api/v1/journalSaleInvoice', {
      postSap: [{ saleInvoice: 2 ** 31, postingDate: '2026-01-01' }],
    });
    expect(posting).toMatchObject({
      status: 422,
      body: { errors: { 'postSap.0.saleInvoice': ['There is no record with this id.'] } },
    });
    expect((await admin.patch('/api/v1/toggleUser/2147483647', { toggleStatus: true })).status).toBe(404);
  });

  it('answers 400 with a message for invalid JSON', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/v1/roles',
      payload: '{"name": "Broken",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });
});

describe('responses', () => {
  it('an unknown API route is a JSON 404', async () => {
    const response = await admin.get('/api/v1/no-such-thing?x=1');
    expect(response).toMatchObject({
      status: 404,
      body: { message: 'The resource GET /api/v1/no-such-thing does not exist.' },
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one (security headers: security-headers.int.test.ts)', async () => {
    expect((await admin.get('/user', { 'x-request-id': 'trace-42' })).headers['x-request-id']).toBe(
      'trace-42',
    );
    const replaced = String(
      (await admin.get('/user', { 'x-request-id': 'bad id <script>' })).headers['x-request-id'],
    );
    expect(replaced).not.toContain('<');
    expect(replaced).toMatch(/^[\w.-]{1,100}$/);
  });

  it('a server fault answers {message: "Server Error"} and logs the details with the request id', async () => {
    const response = await server.client().get(EXPLODE);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Server Error' });
    expect(response.text).not.toContain('secret detail');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    const requestId = response.headers['x-request-id'];
    const logged = logLines
      .map((l) => JSON.parse(l) as { reqId?: string; err?: { message?: string } })
      .find((l) => l.reqId === requestId);
    expect(logged?.err?.message).toContain('secret detail');
  });

  it('/health/live and /health/ready answer 200', async () => {
    expect(await server.client().get('/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await server.client().get('/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready' },
    });
  });
});

describe('general rate limit (RATE_LIMIT_PER_MINUTE=5)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await createTestServer({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 "Too Many Attempts." with Retry-After once an address exceeds the limit, signed in or not', async () => {
    const flooder = limited.client({ remoteAddress: '10.40.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await flooder.get('/api/v1/users')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limitedResponse = await flooder.get('/user');
    expect(limitedResponse).toMatchObject({ status: 429, body: { message: AUTH_MESSAGES.tooManyAttempts } });
    const retryAfter = Number(limitedResponse.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const user = await createUser(limited, { permissions: [PERMISSIONS.manageUsers] });
    const busy = limited.client({ remoteAddress: '10.40.0.2' });
    await busy.signIn(user.email, user.password);
    const answers: number[] = [];
    for (let i = 0; i < 4; i += 1) answers.push((await busy.get('/api/v1/users')).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('never limits the health probes (a load balancer would take a healthy node out), and a 429 carries every security header (issue 21, item 11)', async () => {
    const prober = limited.client({ remoteAddress: '10.40.0.3' });
    const probes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      probes.push((await prober.get('/health/live')).status);
      probes.push((await prober.get('/health/ready')).status);
    }
    expect(probes).toEqual(Array(24).fill(200));
    // The probes used none of the address's requests: the API still answers 5 times, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await prober.get('/api/v1/users')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await prober.get('/api/v1/users');
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': 'no-store',
      'x-request-id': expect.any(String),
    });
  });
});
