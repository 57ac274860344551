import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ff/contract';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../lib/well-formed-text.js';
import { query, sql } from '../test/fixtures.js';
import type { TestClient } from '../test/test-client.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

/**
 * Finding 1 of issue 9: a lone UTF-16 surrogate in outside text was stored by the driver as U+FFFD while the
 * audit hash had been computed over the JavaScript string, so one anonymous request broke the chain. Text
 * from outside is now refused at the boundary with the field named, and the chain keeps verifying.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer({
    beforeReady(app) {
      // A route with no schema at all that still reads its query and body: the boundary covers it too.
      app.post('/api/v1/__test/echo', { config: { access: { auth: 'public' } } }, async (request) => ({
        query: request.query,
        body: request.body,
      }));
    },
  });
  admin = await server.signInAsAdmin();
});
afterAll(async () => {
  await server.close();
});

const LONE = '\ud800';
const auditCount = async () =>
  Number((await query<{ n: string | number }>(server, sql`SELECT count(*) AS n FROM audits`))[0]!.n);

async function expectRefusedAndChainIntact(
  send: () => Promise<{ status: number; body: { errors?: Record<string, string[]> } }>,
  field: string,
) {
  const before = await auditCount();
  const response = await send();
  const verified = await server.app.services.audit.verify();
  // The chain first: on the old code the request was accepted and left a row the verifier calls altered.
  expect(verified.broken).toBeUndefined();
  expect(response.status).toBe(422);
  expect(response.body.errors).toEqual({ [field]: [LONE_SURROGATE_MESSAGE] });
  expect(await auditCount()).toBe(before);
}

describe('lone surrogates at the edge', () => {
  it('POST /login with a lone surrogate in the e-mail is a 422 naming email, and the audit chain stays intact', async () => {
    const visitor = server.client({ remoteAddress: '10.40.0.1' });
    await visitor.csrf();
    await expectRefusedAndChainIntact(
      () => visitor.post('/login', { email: `${LONE}@x.test`, password: 'x' }),
      'email',
    );
  });

  it('POST /forgot-password with a lone surrogate is a 422 naming email, and the audit chain stays intact', async () => {
    const visitor = server.client({ remoteAddress: '10.40.0.2' });
    await visitor.csrf();
    await expectRefusedAndChainIntact(
      () => visitor.post('/forgot-password', { email: `ghost${LONE}@x.test` }),
      'email',
    );
  });

  it('POST /api/v1/roles with a lone surrogate in the name is a 422 naming name, and no role or audit row is written', async () => {
    await expectRefusedAndChainIntact(
      () =>
        admin.post('/api/v1/roles', { name: `Clerks ${LONE}`, permissions: [PERMISSIONS.viewSalesInvoices] }),
      'name',
    );
    const roles = await query<{ name: string }>(
      server,
      sql`SELECT name FROM roles WHERE name LIKE 'Clerks %'`,
    );
    expect(roles).toEqual([]);
  });

  it('names the nested field, and refuses NUL the same way', async () => {
    const response = await admin.post('/api/v1/users', {
      name: 'Nul\u0000Name',
      email: 'nul@example.com',
      mobileNo: '+254700000000',
      role: 'Administrator',
    });
    expect(response).toMatchObject({ status: 422, body: { errors: { name: [NUL_MESSAGE] } } });
  });

  it('covers routes that declare no schema: their query string and body are checked too', async () => {
    const visitor = server.client();
    await visitor.csrf();
    const fine = await visitor.post('/api/v1/__test/echo?q=plain', { text: 'ok' });
    expect(fine).toMatchObject({ status: 200, body: { query: { q: 'plain' }, body: { text: 'ok' } } });
    const badQuery = await visitor.post('/api/v1/__test/echo?q=a%00b', { text: 'ok' });
    expect(badQuery).toMatchObject({ status: 422, body: { errors: { q: [NUL_MESSAGE] } } });
    const badBody = await visitor.post('/api/v1/__test/echo', { nested: { text: `x${LONE}` } });
    expect(badBody).toMatchObject({
      status: 422,
      body: { errors: { 'nested.text': [LONE_SURROGATE_MESSAGE] } },
    });
  });
});
