import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_MESSAGES, PERMISSIONS, TWO_FACTOR_SETUP_REQUIRED_CODE } from '@ff/contract';
import { createUser, signedIn, type TestUser } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { auditEventsOf, del, put } from '../../test/my-account-requests.js';
import { enrol } from '../../test/two-factor.js';

/**
 * The security setting "require two-factor for administrators": who may read and change it, and what a user
 * whose role it covers may do until they set two-factor sign-in up. Enrolling and signing in with a code:
 * two-factor.int.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const auditsOf = (userId: number) => auditEventsOf(server, userId);

describe('require two-factor for administrators', () => {
  const setRequired = async (admin: TestClient, on: boolean) =>
    expect((await put(admin, '/api/v1/settings/security', { requireTwoFactorForAdmins: on })).status).toBe(
      200,
    );

  it('is off by default; when on, an administrator without two-factor reaches only My Account until set up', async () => {
    // A settings manager turns it on; they must use two-factor themselves first, or they would lock themselves out.
    const settingsManager = await createUser(server, { permissions: [PERMISSIONS.manageSettings] });
    const admin = await signedIn(server, settingsManager);
    expect((await admin.get('/api/v1/settings/security')).body).toEqual({ requireTwoFactorForAdmins: false });
    const refused = await put(admin, '/api/v1/settings/security', { requireTwoFactorForAdmins: true });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { requireTwoFactorForAdmins: [MY_ACCOUNT_MESSAGES.requireTwoFactorSelfFirst] } },
    });
    await enrol(admin);

    const manager: TestUser = await createUser(server, { permissions: [PERMISSIONS.manageUsers] });
    const clerk = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const managerClient = await signedIn(server, manager);
    const clerkClient = await signedIn(server, clerk);
    expect((await managerClient.get('/api/v1/users')).status).toBe(200);

    try {
      await setRequired(admin, true);
      expect((await admin.get('/api/v1/settings/security')).body).toEqual({
        requireTwoFactorForAdmins: true,
      });

      const gated = await managerClient.get('/api/v1/users');
      expect(gated).toMatchObject({
        status: 403,
        body: { message: MY_ACCOUNT_MESSAGES.twoFactorSetupRequired, code: TWO_FACTOR_SETUP_REQUIRED_CODE },
      });
      // A route with its own 403 answer keeps the code too.
      const gatedRole = await managerClient.post('/api/v1/roles', { name: 'Anything', permissions: [] });
      expect(gatedRole.body.code).toBe(TWO_FACTOR_SETUP_REQUIRED_CODE);
      expect((await managerClient.get('/api/v1/dashboard')).status).toBe(403);
      expect((await managerClient.get('/user')).body).toMatchObject({
        twoFactorEnabled: false,
        twoFactorSetupRequired: true,
      });
      expect((await managerClient.get('/api/v1/account')).body).toMatchObject({ twoFactorRequired: true });
      // A fresh sign-in still works with the password.
      expect((await server.client().login(manager.email, manager.password)).status).toBe(204);
      // A clerk's role does not administer: untouched.
      expect((await clerkClient.get('/api/v1/dashboard')).status).toBe(200);
      expect((await clerkClient.get('/user')).body.twoFactorSetupRequired).toBe(false);

      // Required of them, so enrolling needs the password too (two-factor-sessions.int.test.ts).
      await enrol(managerClient, manager.password);
      expect((await managerClient.get('/api/v1/users')).status).toBe(200);
      expect((await managerClient.get('/user')).body.twoFactorSetupRequired).toBe(false);
      const off = await del(managerClient, '/api/v1/account/two-factor', { password: manager.password });
      expect(off).toMatchObject({
        status: 422,
        body: { errors: { twoFactor: [MY_ACCOUNT_MESSAGES.twoFactorRequiredByRole] } },
      });
    } finally {
      await setRequired(admin, false);
    }
    expect(await auditsOf(settingsManager.id)).toEqual(
      expect.arrayContaining([
        'Security setting changed: two-factor sign-in required for roles that manage users, roles or settings: on',
        'Security setting changed: two-factor sign-in required for roles that manage users, roles or settings: off',
      ]),
    );
  });

  it('only Manage Settings may read or change the setting', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers] }),
    );
    expect((await manager.get('/api/v1/settings/security')).status).toBe(403);
    expect(
      (await put(manager, '/api/v1/settings/security', { requireTwoFactorForAdmins: true })).status,
    ).toBe(403);
  });
});
