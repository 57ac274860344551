import { PERMISSIONS } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn } from '../../test/fixtures.js';
import { asTestServer, auditEvents, CONNECTED } from '../../test/sap-server-state.js';
import { startSapTestServer, type SapTestServer } from '../../test/sap-test-server.js';
import type { TestClient } from '../../test/test-client.js';
import { SAP_STATUS_MESSAGES } from './sap-status.js';

/** Issue 12: the SAP connection status of the dashboard, and the test the Settings screen runs before saving. */
const REFUSED =
  'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.';
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let server: SapTestServer;
let admin: TestClient;
let clerk: TestClient;
let id: number;

const save = (password: string) =>
  admin.patch(`/api/v1/connectionSetting/${id}`, { ...server.sim.credentials, password });
const statusReads = async () => (await server.sim.stats()).requests.ChartOfAccounts ?? 0;

beforeAll(async () => {
  server = await startSapTestServer();
  admin = await server.admin();
  clerk = await signedIn(
    asTestServer(server),
    await createUser(asTestServer(server), { permissions: [PERMISSIONS.viewSalesInvoices] }),
  );
  id = (await admin.get('/api/v1/connectionSetting')).body.data[0].id;
});
afterAll(async () => server?.close());

describe('GET /api/v1/sap-status', () => {
  it('answers "not-configured" to any signed-in user before a connection is saved, and 401 to anonymous callers', async () => {
    const response = await clerk.get('/api/v1/sap-status');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'not-configured' });
    expect(response.body.message).toMatch(/not set up.*under Settings/);
    expect(response.body.checkedAt).toMatch(DATE_TIME);
    expect((await server.client().get('/api/v1/sap-status')).status).toBe(401);
  });

  it('answers "connected" once the right connection is saved, and asks SAP at most once a minute', async () => {
    expect((await save(server.sim.credentials.password)).status).toBe(200);
    const first = await clerk.get('/api/v1/sap-status');
    expect(first.body).toMatchObject({ state: 'connected', message: SAP_STATUS_MESSAGES.connected });
    const reads = await statusReads();
    const again = await admin.get('/api/v1/sap-status');
    expect(again.body).toEqual(first.body);
    expect(await statusReads()).toBe(reads);
  });

  it('answers "login-refused" with SAP\'s answer once a wrong password is saved', async () => {
    expect((await save('Not-the-SAP-password-9')).status).toBe(200);
    const response = await clerk.get('/api/v1/sap-status');
    expect(response.body).toMatchObject({ state: 'login-refused', message: REFUSED });
    expect((await save(server.sim.credentials.password)).status).toBe(200);
  });

  it('checks again on demand only for users who may manage the settings', async () => {
    await clerk.get('/api/v1/sap-status');
    const reads = await statusReads();
    const refused = await clerk.get('/api/v1/sap-status?refresh=1');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Only users who may manage the settings can check the SAP connection again.',
    );
    expect(await statusReads()).toBe(reads);
    const refreshed = await admin.get('/api/v1/sap-status?refresh=1');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.state).toBe('connected');
    expect(await statusReads()).toBe(reads + 1);
  });

  it('answers "unreachable" with the network detail when SAP cannot be reached', async () => {
    const other = await startSapTestServer({ SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' });
    try {
      const otherAdmin = await other.admin();
      const otherId = (await otherAdmin.get('/api/v1/connectionSetting')).body.data[0].id;
      await otherAdmin.patch(`/api/v1/connectionSetting/${otherId}`, other.sim.credentials);
      const response = await otherAdmin.get('/api/v1/sap-status');
      expect(response.body.state).toBe('unreachable');
      expect(response.body.message).toBe(
        'SAP could not be reached at http://127.0.0.1:9/b1s/v1: the connection was refused (is the Service Layer running?).',
      );
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/v1/settings/connection/test', () => {
  it('says whether the form values work, and which failure it was, without saving them', async () => {
    const ok = await admin.post('/api/v1/settings/connection/test', server.sim.credentials);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(CONNECTED);

    const wrong = await admin.post('/api/v1/settings/connection/test', {
      ...server.sim.credentials,
      password: 'Wrong-password-3',
    });
    expect(wrong.body).toEqual({ status: 'failed', ok: false, state: 'login-refused', message: REFUSED });
    expect(await auditEvents(server)).toContain(
      `Tested the SAP connection (company SBODEMO_KE, user manager): failed: ${REFUSED}`,
    );
    // Nothing was stored: the saved password still works.
    const stored = await admin.post('/api/v1/settings/connection/test', {
      ...server.sim.credentials,
      password: '',
    });
    expect(stored.body.ok).toBe(true);
  });

  it('is for users who may manage the settings only', async () => {
    const response = await clerk.post('/api/v1/settings/connection/test', server.sim.credentials);
    expect(response.status).toBe(403);
  });
});
