import { PERMISSIONS, SETTINGS_MESSAGES } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSettings } from '../../db/schema.js';
import { SYSTEM_ACTOR } from '../../lib/audit-context.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { asTestServer, auditEvents, CONNECTED, storedSetting } from '../../test/sap-server-state.js';
import { sapPasswordBox } from './stored-sap-credentials.js';
import { startSapTestServer, type SapTestServer } from '../../test/sap-test-server.js';

const NEW_PASSWORD = 'Zq-Unique-Secret-7781!';
/** A login SAP refused, in the words every screen shows (issue 12). */
const REFUSED =
  'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.';
let server: SapTestServer;
let id: number;
const storedRow = () => storedSetting(server);

beforeAll(async () => {
  server = await startSapTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/connectionSetting', () => {
  it('answers a blank setting to fill in on a new installation', async () => {
    const admin = await server.admin();
    const response = await admin.get('/api/v1/connectionSetting');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    id = response.body.data[0].id;
    expect(response.body.data[0]).toEqual({
      id,
      companyDb: '',
      username: '',
      password: '',
      hasPassword: false,
    });
    // Asking again does not add rows.
    expect((await admin.get('/api/v1/connectionSetting')).body.data).toHaveLength(1);
  });

  it('refuses users without Manage Settings (403) and anonymous callers (401)', async () => {
    const clerk = await signedIn(
      asTestServer(server),
      await createUser(asTestServer(server), {
        permissions: [PERMISSIONS.viewCashAdvances, PERMISSIONS.manageUsers],
      }),
    );
    expect((await clerk.get('/api/v1/connectionSetting')).status).toBe(403);
    expect(
      (await clerk.patch(`/api/v1/connectionSetting/${id}`, { companyDb: 'X', username: 'Y', password: 'Z' }))
        .status,
    ).toBe(403);
    expect(
      (await clerk.post('/api/v1/testConnection', { companyDb: 'X', username: 'Y', password: 'Z' })).status,
    ).toBe(403);
    expect((await clerk.get('/api/v1/accounts/sapCheck')).status).toBe(403);
    expect((await server.client().get('/api/v1/connectionSetting')).status).toBe(401);
  });
});

describe('PATCH /api/v1/connectionSetting/{id}', () => {
  it('answers the required-field messages', async () => {
    const admin = await server.admin();
    const blank = await admin.patch(`/api/v1/connectionSetting/${id}`, {
      companyDb: '  ',
      username: '',
      password: '',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      companyDb: [SETTINGS_MESSAGES.companyDbRequired],
      username: [SETTINGS_MESSAGES.usernameRequired],
    });
    const missing = await admin.patch(`/api/v1/connectionSetting/${id}`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      companyDb: ['Company DB is required'],
      username: ['Username is required'],
    });
    const noPassword = await admin.patch(`/api/v1/connectionSetting/${id}`, {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: '',
    });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body).toEqual({
      message: 'Password is required',
      errors: { password: ['Password is required'] },
    });
    expect(
      (await admin.patch('/api/v1/connectionSetting/99999', { companyDb: 'A', username: 'B', password: 'C' }))
        .status,
    ).toBe(404);
  });

  it('saves the password encrypted and never answers it', async () => {
    const admin = await server.admin();
    const response = await admin.patch(`/api/v1/connectionSetting/${id}`, {
      companyDb: ' SBODEMO_KE ',
      username: 'manager',
      password: server.sim.credentials.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id,
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: '',
      hasPassword: true,
    });
    const row = await storedRow();
    expect(row.passwordEncrypted).not.toContain(server.sim.credentials.password);
    expect(sapPasswordBox(server.env.APP_KEY).open(row.passwordEncrypted!)).toBe(
      server.sim.credentials.password,
    );
    expect((await admin.get('/api/v1/connectionSetting')).body.data[0]).toEqual({
      id,
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: '',
      hasPassword: true,
    });
    expect(await auditEvents(server)).toContain(
      'Updated the SAP connection settings (company SBODEMO_KE, user manager)',
    );
  });

  it('keeps the stored password when the password is left blank, and the client uses the saved values at once', async () => {
    const admin = await server.admin();
    const before = (await storedRow()).passwordEncrypted;
    const { sap } = server.app.services;
    await sap.get('ChartOfAccounts', { $top: 1 });

    // A wrong user name, password left blank: the stored password is kept, and the next SAP call uses the new user.
    expect(
      (
        await admin.patch(`/api/v1/connectionSetting/${id}`, {
          companyDb: 'SBODEMO_KE',
          username: 'someone-else',
        })
      ).status,
    ).toBe(200);
    expect((await storedRow()).passwordEncrypted).toBe(before);
    await expect(sap.get('ChartOfAccounts', { $top: 1 })).rejects.toMatchObject({
      kind: 'auth',
      message: 'Login failed',
    });

    expect(
      (
        await admin.patch(`/api/v1/connectionSetting/${id}`, {
          companyDb: 'SBODEMO_KE',
          username: 'manager',
          password: '   ',
        })
      ).status,
    ).toBe(200);
    expect((await storedRow()).passwordEncrypted).toBe(before);
    await expect(sap.get('ChartOfAccounts', { $top: 1 })).resolves.toBeTruthy();
    const test = await admin.post('/api/v1/testConnection', {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: '',
    });
    expect(test.body).toEqual(CONNECTED);
  });

  it('stores a new password when one is given (seen by the next SAP call)', async () => {
    const admin = await server.admin();
    const before = (await storedRow()).passwordEncrypted;
    expect(
      (
        await admin.patch(`/api/v1/connectionSetting/${id}`, {
          companyDb: 'SBODEMO_KE',
          username: 'manager',
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const after = (await storedRow()).passwordEncrypted!;
    expect(after).not.toBe(before);
    expect(after).not.toContain(NEW_PASSWORD);
    await expect(server.app.services.sap.get('ChartOfAccounts', { $top: 1 })).rejects.toMatchObject({
      kind: 'auth',
    });
    const test = await admin.post('/api/v1/testConnection', {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: '',
    });
    expect(test.body).toEqual({ status: 'failed', ok: false, state: 'login-refused', message: REFUSED });
    // Back to the simulator's password for the tests that follow.
    await admin.patch(`/api/v1/connectionSetting/${id}`, {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: server.sim.credentials.password,
    });
  });
});

describe('POST /api/v1/testConnection', () => {
  it('really logs in and out, and reports SAP refusal with its own text', async () => {
    const admin = await server.admin();
    const statsBefore = await server.sim.stats();
    const ok = await admin.post('/api/v1/testConnection', { ...server.sim.credentials });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(CONNECTED);
    const wrong = await admin.post('/api/v1/testConnection', {
      companyDb: 'SBODEMO_KE',
      username: 'manager',
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ status: 'failed', ok: false, state: 'login-refused', message: REFUSED });
    const stats = await server.sim.stats();
    expect(stats.logins - statsBefore.logins).toBe(1);
    expect(stats.logouts - statsBefore.logouts).toBe(1);
    expect(stats.failedLogins - statsBefore.failedLogins).toBe(1);
    const events = await auditEvents(server);
    expect(events).toContain('Tested the SAP connection (company SBODEMO_KE, user manager): succeeded');
    expect(events).toContain(
      `Tested the SAP connection (company SBODEMO_KE, user manager): failed: ${REFUSED}`,
    );
  });

  it('validates the body and needs a password when none is stored', async () => {
    const admin = await server.admin();
    const response = await admin.post('/api/v1/testConnection', { companyDb: '', username: 'manager' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ companyDb: ['Company DB is required'] });
  });

  it('reports an unreachable Service Layer as a failed test', async () => {
    const other = await startSapTestServer({ SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' });
    try {
      const admin = await other.admin();
      const response = await admin.post('/api/v1/testConnection', {
        companyDb: 'A',
        username: 'B',
        password: 'C',
      });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('failed');
      expect(response.body.message).toMatch(
        /^SAP could not be reached at http:\/\/127\.0\.0\.1:9\/b1s\/v1: the connection was refused/,
      );
    } finally {
      await other.close();
    }
  });

  it('reports a stored password that cannot be decrypted (APP_KEY changed) as a failed test', async () => {
    const { db } = server.database;
    const row = await storedRow();
    const foreign = sapPasswordBox('another-app-key-of-at-least-32-characters').seal('whatever');
    await db.update(connectionSettings).set({ passwordEncrypted: foreign });
    try {
      const admin = await server.admin();
      const response = await admin.post('/api/v1/testConnection', {
        companyDb: 'SBODEMO_KE',
        username: 'manager',
        password: '',
      });
      expect(response.body.status).toBe('failed');
      expect(response.body.message).toMatch(
        /stored SAP password cannot be read.*Enter the password again under Settings/,
      );
      await expect(server.app.services.sap.get('ChartOfAccounts')).rejects.toMatchObject({
        kind: 'auth',
        code: 'not-configured',
      });
    } finally {
      await db.update(connectionSettings).set({ passwordEncrypted: row.passwordEncrypted });
    }
  });
});

describe('secrets', () => {
  it('never shows a password in a response body, an audit entry or a log line', async () => {
    // Make sure the log holds SAP traffic: a call through the shared session and a test login.
    await server.app.services.sap.get('ChartOfAccounts', { $top: 1 });
    await server.app.services.audit.record({ actor: SYSTEM_ACTOR, ip: '127.0.0.1' }, 'marker');
    const secrets = [server.sim.credentials.password, NEW_PASSWORD, 'wrong-password'];
    const logs = server.logLines.join('\n');
    expect(logs).toContain('"component":"sap"');
    expect(logs).toContain('Logged in to SAP Business One');
    expect(server.bodies.length).toBeGreaterThan(10);
    const audit = (await auditEvents(server)).join('\n');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(server.bodies.join('\n')).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    expect(logs).not.toMatch(/B1SESSION/i);
    expect(logs).not.toMatch(/password_encrypted|passwordEncrypted/);
  });
});
