import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSettings } from '../db/schema.js';
import { salesInvoices } from '../modules/records/kinds/sales-invoice/index.js';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { sha256Hex } from '../lib/crypto.js';
import { startSapTestServer, type SapTestServer } from '../test/sap-test-server.js';
import { recordRows, nairobiDay } from '../test/posting-harness.js';
import type { TestClient } from '../test/test-client.js';

/**
 * The stored SAP password and API tokens never appear in a response body or a log line. The app under test
 * logs at trace level into `server.logLines` (pino JSON), and every body its clients receive is kept in
 * `server.bodies`; the test drives settings, connection tests, SAP calls, token creation and imports, then
 * searches both.
 */
const SYSTEM = { actor: SYSTEM_ACTOR, ip: '127.0.0.1' };
const WRONG_PASSWORD = `Wrong-Sap-${randomBytes(6).toString('hex')}`;
const TOO_LONG_PASSWORD = `Long-Sap-${randomBytes(6).toString('hex')}-${'z'.repeat(300)}`;

let server: SapTestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startSapTestServer();
  admin = await server.admin();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('secrets', () => {
  it('the SAP password and API tokens are in no response body and no log line', async () => {
    const sapPassword = server.sim.credentials.password;
    const { companyDb, username } = server.sim.credentials;

    // Settings: save the password, read it back, test the connection with it, the stored one and wrong ones.
    const [setting] = (await admin.get('/api/v1/connectionSetting')).body.data;
    expect(
      (
        await admin.patch(`/api/v1/connectionSetting/${setting.id}`, {
          companyDb,
          username,
          password: sapPassword,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.patch(`/api/v1/connectionSetting/${setting.id}`, {
          companyDb,
          username,
          password: TOO_LONG_PASSWORD,
        })
      ).status,
    ).toBe(422);
    expect((await admin.get('/api/v1/connectionSetting')).body.data[0]).toMatchObject({
      password: '',
      hasPassword: true,
    });
    expect(
      (await admin.post('/api/v1/testConnection', { companyDb, username, password: '' })).body.status,
    ).toBe('success');
    expect(
      (await admin.post('/api/v1/testConnection', { companyDb, username, password: sapPassword })).body
        .status,
    ).toBe('success');
    expect(
      (await admin.post('/api/v1/testConnection', { companyDb, username, password: WRONG_PASSWORD })).body
        .status,
    ).toBe('failed');
    expect(
      (await admin.post('/api/v1/testConnection', { companyDb, username, password: TOO_LONG_PASSWORD }))
        .status,
    ).toBe(422);
    // SAP calls with the stored password: the account check and a posting.
    expect((await admin.get('/api/v1/accounts/sapCheck')).status).toBe(200);

    // API tokens: created as the CLI does, used for imports, a wrong one, then revoked and refused.
    const { token } = await server.app.services.apiTokens.create('tms-secrets', SYSTEM);
    const revoked = await server.app.services.apiTokens.create('tms-old', SYSTEM);
    await server.app.services.apiTokens.revoke('tms-old', SYSTEM);
    const madeUp = `ffk_${randomBytes(32).toString('base64url')}`;
    const machine = server.client();
    const rows = [recordRows.sales(), { sourceId: 'broken' }];
    const imported = await machine.request({
      method: 'POST',
      url: '/api/v1/import/sales-invoices',
      body: rows,
      headers: bearer(token),
    });
    expect(imported).toMatchObject({ status: 200, body: { inserted: 1 } });
    expect(
      (
        await machine.request({
          method: 'POST',
          url: '/api/v1/import/sales-invoices',
          body: 'x',
          headers: bearer(token),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await machine.request({
          method: 'POST',
          url: '/api/v1/import/nothing',
          body: [],
          headers: bearer(token),
        })
      ).status,
    ).toBe(404);
    for (const refused of [revoked.token, madeUp, token.slice(0, -2)]) {
      expect(
        (
          await machine.request({
            method: 'POST',
            url: '/api/v1/import/sales-invoices',
            body: [],
            headers: bearer(refused),
          })
        ).status,
      ).toBe(401);
    }
    const [record] = await server.database.db
      .select({ id: salesInvoices.id })
      .from(salesInvoices)
      .where(eq(salesInvoices.sourceId, String(rows[0]!.sourceId)));
    expect(
      (
        await admin.post('/api/v1/journalSaleInvoice', {
          postSap: [{ saleInvoice: record!.id, postingDate: nairobiDay() }],
        })
      ).status,
    ).toBe(200);
    await server.app.services.apiTokens.revoke('tms-secrets', SYSTEM);
    expect(
      (
        await machine.request({
          method: 'POST',
          url: '/api/v1/import/sales-invoices',
          body: [],
          headers: bearer(token),
        })
      ).status,
    ).toBe(401);
    expect((await admin.get('/api/v1/audits')).status).toBe(200);

    // The capture works: the log holds the requests and the SAP traffic, and the bodies were recorded.
    const logs = server.logLines.join('\n');
    expect(logs).toContain('"url":"/api/v1/import/sales-invoices"');
    expect(logs).toContain('"url":"/api/v1/testConnection"');
    expect(logs).toContain('Logged in to SAP Business One');
    expect(server.bodies.length).toBeGreaterThan(15);
    const bodies = server.bodies.join('\n');

    const [stored] = await server.database.db
      .select()
      .from(connectionSettings)
      .orderBy(asc(connectionSettings.id));
    const secrets: Record<string, string> = {
      'SAP password': sapPassword,
      'wrong SAP password': WRONG_PASSWORD,
      'too long SAP password': TOO_LONG_PASSWORD.slice(0, 40),
      'stored (encrypted) SAP password': stored!.passwordEncrypted!,
      'API token': token,
      'API token (without prefix)': token.slice(4),
      'API token hash': sha256Hex(token),
      'revoked API token': revoked.token.slice(4),
      'made-up API token': madeUp.slice(4),
    };
    const leaks = Object.entries(secrets).flatMap(([name, secret]) => [
      ...(logs.includes(secret) ? [`${name} in the log`] : []),
      ...(bodies.includes(secret) ? [`${name} in a response body`] : []),
    ]);
    expect(leaks).toEqual([]);
    expect(logs).not.toMatch(/"authorization"|B1SESSION|password_?encrypted/i);
  });

  it('a password link (reset token and e-mail in the URL) is logged without them', async () => {
    const token = randomBytes(32).toString('base64url');
    const email = `linked-${randomBytes(4).toString('hex')}@example.com`;
    const url = `/password-reset/${token}?email=${encodeURIComponent(email)}`;
    await server.client().request({ method: 'GET', url, headers: { accept: 'text/html' } });
    const logged = server.logLines.filter((line) => line.includes('/password-reset/'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain('"url":"/password-reset/[redacted]"');
    expect(server.logLines.join('\n')).not.toContain(token);
    expect(server.logLines.join('\n')).not.toContain(email);
  });
});
