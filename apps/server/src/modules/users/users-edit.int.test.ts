import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, PERMISSIONS, USER_ADMIN_MESSAGES } from '@ff/contract';
import { createRole, createUser, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import type { TestServer } from '../../test/test-server.js';
import { CLERK_ROLE, fieldError, startUsersServer } from '../../test/users-suite.js';

/** Editing a user's name, mobile number and role (issue 12): PATCH /api/v1/users/{id}. */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => ({ server, admin } = await startUsersServer()));
afterAll(async () => {
  await server.close();
});

const auditEvents = async () =>
  ((await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[]).map(
    (e) => `${e.createdBy}: ${e.event}`,
  );
const seededAdminId = async () => (await admin.get('/user')).body.id as number;

describe('PATCH /api/v1/users/{id}', () => {
  it("changes the name, mobile number and role, answers the user in the list's shape and audits what changed", async () => {
    const supervisor = await createRole(server, [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs]);
    const clerk = await createUser(server, { role: CLERK_ROLE, name: 'Otieno Clerk' });
    const response = await admin.patch(`/api/v1/users/${clerk.id}`, {
      name: '  Otieno Ouma ',
      mobileNo: '+255 (712) 000-111',
      role: supervisor.name,
    });
    expect(response.status).toBe(200);
    const { body: list } = await admin.get('/api/v1/users');
    const listed = list.data.find((u: { id: number }) => u.id === clerk.id);
    expect(response.body).toEqual(listed);
    expect(listed).toMatchObject({
      name: 'Otieno Ouma',
      email: clerk.email,
      mobileNo: '+255712000111',
      role: supervisor.name,
      isActive: true,
      invitationPending: false,
    });
    expect(await auditEvents()).toContain(
      `Administrator: Updated user Otieno Clerk (${clerk.email}): Name changed from Otieno Clerk to Otieno Ouma; ` +
        `Mobile number changed from +254700000000 to +255712000111; Role changed from ${CLERK_ROLE} to ${supervisor.name}`,
    );
  });

  it('changes only the fields sent; sending what is stored changes and audits nothing', async () => {
    const clerk = await createUser(server, { role: CLERK_ROLE });
    const before = await auditEvents();
    const same = await admin.patch(`/api/v1/users/${clerk.id}`, { name: clerk.name, role: CLERK_ROLE });
    expect(same).toMatchObject({
      status: 200,
      body: { name: clerk.name, role: CLERK_ROLE, roleName: CLERK_ROLE },
    });
    expect(await auditEvents()).toEqual(before);
    const renamed = await admin.patch(`/api/v1/users/${clerk.id}`, { name: 'Only The Name' });
    expect(renamed.body).toMatchObject({
      name: 'Only The Name',
      mobileNo: '+254700000000',
      role: CLERK_ROLE,
    });
  });

  it("gives the user's live session the new role's permissions on their next request", async () => {
    const viewer = await createRole(server, [PERMISSIONS.viewAuditLogs]);
    const clerk = await createUser(server, { role: CLERK_ROLE });
    const client = await signedIn(server, clerk);
    expect((await client.get('/api/v1/audits')).status).toBe(403);
    await admin.patch(`/api/v1/users/${clerk.id}`, { role: viewer.name });
    expect((await client.get('/api/v1/audits')).status).toBe(200);
    expect((await client.get('/user')).body).toMatchObject({
      role: viewer.name,
      permissions: [PERMISSIONS.viewAuditLogs],
    });
  });

  it('answers 422 with the create rules: field errors on name, mobileNo and role', async () => {
    const disabled = await createRole(server, [PERMISSIONS.viewCashAdvances]);
    await server.app.services.roles.setActive(disabled.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    const clerk = await createUser(server, { role: CLERK_ROLE });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'The name field is required.'],
      [{ mobileNo: '' }, 'mobileNo', 'The mobile number field is required.'],
      [
        { mobileNo: 'call me' },
        'mobileNo',
        'The mobile number may only contain digits, spaces, brackets and dashes.',
      ],
      [{ role: 'No Such Role' }, 'role', 'The selected role does not exist.'],
      [{ role: disabled.name }, 'role', 'The selected role is disabled; choose an active role.'],
      [{}, 'name', 'Send at least one of name, mobileNo and role.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.patch(`/api/v1/users/${clerk.id}`, body);
      expect(response.status, `${field}: ${message}`).toBe(422);
      expect(response.body).toEqual(fieldError(field, message));
    }
    expect((await admin.patch('/api/v1/users/abc', { name: 'X' })).status).toBe(422);
  });

  it('answers 404 for an unknown user', async () => {
    expect(await admin.patch('/api/v1/users/999999', { name: 'Nobody' })).toMatchObject({
      status: 404,
      body: { message: 'The user does not exist.' },
    });
  });

  it('refuses to change your own role (no self lock-out), but lets you change your own name', async () => {
    const manager = await createUser(server, {
      permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewSalesInvoices],
    });
    const client = await signedIn(server, manager);
    expect(await client.patch(`/api/v1/users/${manager.id}`, { role: CLERK_ROLE })).toMatchObject({
      status: 422,
      body: fieldError('role', USER_ADMIN_MESSAGES.ownRole),
    });
    expect((await client.get('/api/v1/users')).status).toBe(200);
    const renamed = await client.patch(`/api/v1/users/${manager.id}`, { name: 'Renamed Manager' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed Manager' } });
  });

  it('keeps the last active administrator an Administrator; with a second one, one may be moved', async () => {
    const manager = await signedIn(server, await createUser(server, { permissions: [...ALL_PERMISSIONS] }));
    const seeded = await seededAdminId();
    // Other tests' administrators are disabled here so the seeded one is the last.
    const others = (await server.app.services.users.list({})).filter(
      (u) => u.role === 'Administrator' && u.isActive && u.id !== seeded,
    );
    for (const other of others)
      await manager.patch(`/api/v1/toggleUser/${other.id}`, { toggleStatus: false });
    expect(await manager.patch(`/api/v1/users/${seeded}`, { role: CLERK_ROLE })).toMatchObject({
      status: 422,
      body: fieldError('role', USER_ADMIN_MESSAGES.lastAdministrator),
    });
    expect((await admin.get('/user')).body.role).toBe('Administrator');
    const second = await createUser(server, { role: 'Administrator' });
    expect((await manager.patch(`/api/v1/users/${second.id}`, { role: CLERK_ROLE })).status).toBe(200);
  });

  it('refuses with 403 naming what is missing: editing a user whose role, or giving a role that, holds more than you', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewSalesInvoices] }),
    );
    const auditor = await createRole(server, [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs]);
    const holder = await createUser(server, { role: auditor.name });
    const clerk = await createUser(server, { role: CLERK_ROLE });
    expect(await manager.patch(`/api/v1/users/${holder.id}`, { name: 'Changed' })).toMatchObject({
      status: 403,
      body: {
        message: `You cannot edit ${holder.name}: their role ${auditor.name} holds permissions you do not have (View Audit Logs).`,
      },
    });
    expect(await manager.patch(`/api/v1/users/${clerk.id}`, { role: 'Administrator' })).toMatchObject({
      status: 403,
    });
    expect(await manager.patch(`/api/v1/users/${clerk.id}`, { role: auditor.name })).toMatchObject({
      status: 403,
      body: {
        message: `You cannot assign the role ${auditor.name}: it holds permissions you do not have (View Audit Logs).`,
      },
    });
    const listed = (await admin.get('/api/v1/users')).body.data as {
      id: number;
      name: string;
      role: string;
    }[];
    expect(listed.find((u) => u.id === holder.id)?.name).toBe(holder.name);
    expect(listed.find((u) => u.id === clerk.id)?.role).toBe(CLERK_ROLE);
  });

  it('answers 403 without Manage Users and 401 to anonymous callers', async () => {
    const clerk = await createUser(server, { role: CLERK_ROLE });
    const outsider = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageRoles, PERMISSIONS.viewSalesInvoices] }),
    );
    const refused = await outsider.patch(`/api/v1/users/${clerk.id}`, { name: 'Hacked' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"Manage Users"');
    const anonymous = server.client();
    await anonymous.csrf();
    expect(await anonymous.patch(`/api/v1/users/${clerk.id}`, { name: 'Hacked' })).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.unauthenticated },
    });
  });
});
