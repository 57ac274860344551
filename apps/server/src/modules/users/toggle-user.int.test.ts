import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, PERMISSIONS } from '@ff/contract';
import { createRole, createUser, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import type { TestServer } from '../../test/test-server.js';
import { fieldError, newUser, startUsersServer } from '../../test/users-suite.js';

/** Disabling and enabling users, and the rule that a user manager manages only what they hold. */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => ({ server, admin } = await startUsersServer()));
afterAll(async () => {
  await server.close();
});

describe('PATCH /api/v1/toggleUser/{id}', () => {
  it("disabling ends the user's session at once and blocks sign-in; enabling lets them back in", async () => {
    const clerk = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const clerkClient = await signedIn(server, clerk);

    const disabled = await admin.patch(`/api/v1/toggleUser/${clerk.id}`, { toggleStatus: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      id: clerk.id,
      email: clerk.email,
      role: clerk.roleName,
      isActive: false,
    });
    expect(await clerkClient.get('/user')).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.unauthenticated },
    });
    expect((await server.client().login(clerk.email, clerk.password)).body.errors).toEqual({
      email: [AUTH_MESSAGES.disabled],
    });

    const enabled = await admin.patch(`/api/v1/toggleUser/${clerk.id}`, { toggleStatus: true });
    expect(enabled).toMatchObject({ status: 200, body: { id: clerk.id, isActive: true } });
    expect((await server.client().login(clerk.email, clerk.password)).status).toBe(204);
  });

  it('refuses to let anyone disable their own account', async () => {
    const manager = await createUser(server, { permissions: [PERMISSIONS.manageUsers] });
    const client = await signedIn(server, manager);
    const response = await client.patch(`/api/v1/toggleUser/${manager.id}`, { toggleStatus: false });
    expect(response).toMatchObject({
      status: 422,
      body: fieldError('toggleStatus', 'You cannot disable your own account.'),
    });
    expect((await client.get('/user')).status).toBe(200);
  });

  it('refuses to disable the last active administrator', async () => {
    // Only someone holding every permission may manage an administrator (see "no privilege escalation").
    const manager = await signedIn(server, await createUser(server, { permissions: [...ALL_PERMISSIONS] }));
    const { body } = await admin.get('/user');
    const response = await manager.patch(`/api/v1/toggleUser/${body.id}`, { toggleStatus: false });
    expect(response).toMatchObject({
      status: 422,
      body: fieldError('toggleStatus', 'You cannot disable the last active administrator.'),
    });
    expect((await admin.get('/user')).status).toBe(200);

    // With a second administrator, one of them may be disabled.
    const second = await createUser(server, { role: 'Administrator' });
    expect((await manager.patch(`/api/v1/toggleUser/${second.id}`, { toggleStatus: false })).status).toBe(
      200,
    );
  });

  it('never leaves no active administrator, even when two are disabled at the same moment', async () => {
    const first = await createUser(server, { role: 'Administrator' });
    const second = await createUser(server, { role: 'Administrator' });
    const seeded = (await admin.get('/user')).body.id as number;
    const managerA = await signedIn(server, await createUser(server, { permissions: [...ALL_PERMISSIONS] }));
    const managerB = await signedIn(server, await createUser(server, { permissions: [...ALL_PERMISSIONS] }));
    // Leave exactly two active administrators, then disable both at once.
    expect((await managerA.patch(`/api/v1/toggleUser/${first.id}`, { toggleStatus: false })).status).toBe(
      200,
    );
    const answers = await Promise.all([
      managerA.patch(`/api/v1/toggleUser/${second.id}`, { toggleStatus: false }),
      managerB.patch(`/api/v1/toggleUser/${seeded}`, { toggleStatus: false }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(
      (await server.app.services.users.list({})).filter((u) => u.role === 'Administrator' && u.isActive)
        .length,
    ).toBeGreaterThan(0);
    // Put things back for the other tests.
    await managerA.patch(`/api/v1/toggleUser/${seeded}`, { toggleStatus: true });
    if ((await admin.get('/user')).status !== 200) admin = await server.signInAsAdmin();
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect(await admin.patch('/api/v1/toggleUser/999999', { toggleStatus: false })).toMatchObject({
      status: 404,
      body: { message: 'The user does not exist.' },
    });
    expect((await admin.patch('/api/v1/toggleUser/abc', { toggleStatus: false })).status).toBe(422);
    expect(await admin.patch('/api/v1/toggleUser/1', { toggleStatus: 'no' })).toMatchObject({ status: 422 });
  });
});

describe('no privilege escalation (a user manager grants and manages only what they hold)', () => {
  const others = (held: string[]) => ALL_PERMISSIONS.filter((p) => !held.includes(p)).join(', ');

  it('a holder of only Manage Users cannot create an Administrator nor disable the administrator: 403 naming what they lack', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers] }),
    );
    const seeded = (await admin.get('/user')).body as { id: number };
    const before = await server.app.services.users.list({});

    const create = await manager.post('/api/v1/users', newUser({ role: 'Administrator' }));
    expect(create).toMatchObject({
      status: 403,
      body: {
        message: `You cannot assign the role Administrator: it holds permissions you do not have (${others([PERMISSIONS.manageUsers])}).`,
      },
    });
    const disable = await manager.patch(`/api/v1/toggleUser/${seeded.id}`, { toggleStatus: false });
    expect(disable).toMatchObject({
      status: 403,
      body: {
        message: `You cannot disable Administrator: their role Administrator holds permissions you do not have (${others([PERMISSIONS.manageUsers])}).`,
      },
    });
    // Nothing changed: no new user, the administrator is still active and signed in.
    expect(await server.app.services.users.list({})).toEqual(before);
    expect((await admin.get('/user')).status).toBe(200);
  });

  it('names only the missing permissions; enabling is refused too; a role within what the manager holds is fine', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewSalesInvoices] }),
    );
    const auditor = await createRole(server, [
      PERMISSIONS.viewSalesInvoices,
      PERMISSIONS.viewAuditLogs,
      PERMISSIONS.manageSettings,
    ]);
    const create = await manager.post('/api/v1/users', newUser({ role: auditor.name }));
    expect(create).toMatchObject({
      status: 403,
      body: {
        message: `You cannot assign the role ${auditor.name}: it holds permissions you do not have (View Audit Logs, Manage Settings).`,
      },
    });

    const holder = await createUser(server, { role: auditor.name });
    await server.app.services.users.setActive(holder.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    const enable = await manager.patch(`/api/v1/toggleUser/${holder.id}`, { toggleStatus: true });
    expect(enable.status).toBe(403);
    expect(enable.body.message).toBe(
      `You cannot enable ${holder.name}: their role ${auditor.name} holds permissions you do not have (View Audit Logs, Manage Settings).`,
    );

    // Within the manager's own permissions (the role needs not be a strict subset).
    const clerk = await createRole(server, [PERMISSIONS.viewSalesInvoices]);
    expect((await manager.post('/api/v1/users', newUser({ role: clerk.name }))).status).toBe(201);
    const peer = await createUser(server, {
      permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewSalesInvoices],
    });
    expect((await manager.patch(`/api/v1/toggleUser/${peer.id}`, { toggleStatus: false })).status).toBe(200);
  });

  it('the administrator keeps every ability', async () => {
    expect((await admin.post('/api/v1/users', newUser({ role: 'Administrator' }))).status).toBe(201);
    const second = await createUser(server, { role: 'Administrator' });
    expect((await admin.patch(`/api/v1/toggleUser/${second.id}`, { toggleStatus: false })).status).toBe(200);
    expect((await admin.patch(`/api/v1/toggleUser/${second.id}`, { toggleStatus: true })).status).toBe(200);
  });
});
