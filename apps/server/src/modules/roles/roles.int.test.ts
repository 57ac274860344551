import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, DATE_TIME_PATTERN, PERMISSIONS } from '@ff/contract';
import { roles } from '../../db/schema.js';
import { createRole, createUser, sessionsOf, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin();
});
afterAll(async () => {
  await server.close();
});

const fieldError = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
type RoleRow = {
  id: number;
  name: string;
  permissions: string[];
  createdAt: string;
  createdBy: string;
  isActive: boolean;
};

describe('GET /api/v1/roles and /api/v1/permissions', () => {
  it('lists roles with their permissions; the seeded Administrator role holds all of them', async () => {
    const response = await admin.get('/api/v1/roles');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['data']);
    const administrator = (response.body.data as RoleRow[]).find((r) => r.name === 'Administrator')!;
    expect(Object.keys(administrator).sort()).toEqual([
      'createdAt',
      'createdBy',
      'id',
      'isActive',
      'name',
      'permissions',
    ]);
    expect(administrator).toMatchObject({ createdBy: 'System', isActive: true });
    expect(administrator.createdAt).toMatch(DATE_TIME_PATTERN);
    expect([...administrator.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('filters roles by whole days in Nairobi time', async () => {
    const old = await createRole(server, [PERMISSIONS.viewFuelAdvances], 'Old Role');
    await server.database.db
      .update(roles)
      .set({ createdAt: new Date('2023-06-30T21:00:00Z') })
      .where(eq(roles.id, old.id));
    const names = async (query: string) =>
      ((await admin.get(`/api/v1/roles?${query}`)).body.data as RoleRow[]).map((r) => r.name);
    expect(await names('fromDate=2023-07-01&toDate=2023-07-01')).toEqual(['Old Role']);
    expect(await names('fromDate=2023-06-30&toDate=2023-06-30')).toEqual([]);
    expect(await names('toDate=2023-07-01')).toEqual(['Old Role']);
    expect((await admin.get('/api/v1/roles?fromDate=2023-13-01')).status).toBe(422);
  });

  it('lists the whole permission catalogue as {id, name}', async () => {
    const response = await admin.get('/api/v1/permissions');
    expect(response.status).toBe(200);
    const data = response.body.data as { id: number; name: string }[];
    expect(data.map((p) => p.name)).toEqual([...ALL_PERMISSIONS]);
    for (const p of data) expect(Object.keys(p).sort()).toEqual(['id', 'name']);
    expect(new Set(data.map((p) => p.id)).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('POST /api/v1/roles', () => {
  it('creates the role (201) and lists it', async () => {
    const response = await admin.post('/api/v1/roles', {
      name: 'Cash Officer',
      permissions: [PERMISSIONS.viewCashAdvances, PERMISSIONS.postCashAdvances],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Cash Officer',
      permissions: [PERMISSIONS.viewCashAdvances, PERMISSIONS.postCashAdvances],
      createdBy: 'Administrator',
      isActive: true,
    });
    expect(response.body.createdAt).toMatch(DATE_TIME_PATTERN);
    const { body } = await admin.get('/api/v1/roles');
    expect((body.data as RoleRow[]).find((r) => r.id === response.body.id)?.name).toBe('Cash Officer');
  });

  it('answers 422 with field errors', async () => {
    await admin.post('/api/v1/roles', { name: 'Fuel Desk', permissions: [PERMISSIONS.viewFuelAdvances] });
    const cases: [unknown, string, string][] = [
      [
        { name: 'ab', permissions: [PERMISSIONS.viewFuelAdvances] },
        'name',
        'Role name must be at least 3 characters',
      ],
      [{ name: 'Nobody', permissions: [] }, 'permissions', 'You must select at least one permission'],
      [
        { name: 'FUEL desk', permissions: [PERMISSIONS.viewFuelAdvances] },
        'name',
        'The name has already been taken.',
      ],
      [
        { name: 'Pilots', permissions: ['Fly Planes', PERMISSIONS.viewFuelAdvances] },
        'permissions',
        'Unknown permission: Fly Planes.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post('/api/v1/roles', body);
      expect(response.status, message).toBe(422);
      expect(response.body).toEqual(fieldError(field, message));
    }
    const { body } = await admin.get('/api/v1/roles');
    expect((body.data as RoleRow[]).map((r) => r.name)).not.toContain('Pilots');
  });

  it('two simultaneous creations with the same name give one 201 and one 422', async () => {
    const body = { name: 'Twin Role', permissions: [PERMISSIONS.viewSalesInvoices] };
    const answers = await Promise.all([
      admin.post('/api/v1/roles', body),
      admin.post('/api/v1/roles', { ...body, name: 'TWIN ROLE' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body).toEqual(
      fieldError('name', 'The name has already been taken.'),
    );
  });
});

describe('PATCH /api/v1/toggleRoles/{id}', () => {
  it("disabling a role ends its holders' sessions at once and blocks their sign-in; enabling restores it", async () => {
    const holder = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const colleague = await createUser(server, { role: holder.roleName });
    const outsider = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const holderClient = await signedIn(server, holder);
    const colleagueClient = await signedIn(server, colleague);
    const outsiderClient = await signedIn(server, outsider);

    const response = await admin.patch(`/api/v1/toggleRoles/${holder.roleId}`, { toggleStatus: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: holder.roleId, name: holder.roleName, isActive: false });
    expect(await sessionsOf(server, holder.id)).toEqual([]);
    expect(await sessionsOf(server, colleague.id)).toEqual([]);
    for (const client of [holderClient, colleagueClient]) {
      expect(await client.get('/user')).toMatchObject({
        status: 401,
        body: { message: AUTH_MESSAGES.unauthenticated },
      });
    }
    expect((await outsiderClient.get('/user')).status).toBe(200);
    expect((await server.client().login(holder.email, holder.password)).body.errors).toEqual({
      email: [AUTH_MESSAGES.roleDisabled],
    });

    const enabled = await admin.patch(`/api/v1/toggleRoles/${holder.roleId}`, { toggleStatus: true });
    expect(enabled).toMatchObject({ status: 200, body: { isActive: true } });
    expect((await server.client().login(holder.email, holder.password)).status).toBe(204);
  });

  it('refuses to disable the Administrator role and the role you hold', async () => {
    const { body } = await admin.get('/api/v1/roles');
    const administrator = (body.data as RoleRow[]).find((r) => r.name === 'Administrator')!;
    expect(
      await admin.patch(`/api/v1/toggleRoles/${administrator.id}`, { toggleStatus: false }),
    ).toMatchObject({
      status: 422,
      body: fieldError('toggleStatus', 'The Administrator role cannot be disabled.'),
    });

    const manager = await createUser(server, { permissions: [PERMISSIONS.manageRoles] });
    const client = await signedIn(server, manager);
    expect(
      await client.patch(`/api/v1/toggleRoles/${manager.roleId}`, { toggleStatus: false }),
    ).toMatchObject({
      status: 422,
      body: fieldError('toggleStatus', 'You cannot disable the role you hold.'),
    });
    expect((await client.get('/user')).status).toBe(200);
    expect((await admin.get('/user')).status).toBe(200);
  });

  it('answers 404 for an unknown role', async () => {
    expect(await admin.patch('/api/v1/toggleRoles/999999', { toggleStatus: false })).toMatchObject({
      status: 404,
      body: { message: 'The role does not exist.' },
    });
  });
});

describe('no privilege escalation (a role manager creates and toggles only roles within what they hold)', () => {
  it('refuses to create a role holding a permission the manager lacks, and to toggle such a role: 403 naming what they lack', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageRoles, PERMISSIONS.viewSalesInvoices] }),
    );
    const create = await manager.post('/api/v1/roles', {
      name: 'Shadow Admin',
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.manageUsers, PERMISSIONS.manageSettings],
    });
    expect(create).toMatchObject({
      status: 403,
      body: {
        message: 'You cannot create a role with permissions you do not have (Manage Users, Manage Settings).',
      },
    });
    expect((await admin.get('/api/v1/roles')).body.data.map((r: RoleRow) => r.name)).not.toContain(
      'Shadow Admin',
    );

    const payroll = await createRole(server, [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs]);
    const holder = await createUser(server, { role: payroll.name });
    const disable = await manager.patch(`/api/v1/toggleRoles/${payroll.id}`, { toggleStatus: false });
    expect(disable).toMatchObject({
      status: 403,
      body: {
        message: `You cannot disable the role ${payroll.name}: it holds permissions you do not have (View Audit Logs).`,
      },
    });
    expect((await server.client().login(holder.email, holder.password)).status).toBe(204);
    await server.app.services.roles.setActive(payroll.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    expect((await manager.patch(`/api/v1/toggleRoles/${payroll.id}`, { toggleStatus: true })).status).toBe(
      403,
    );

    // Within what the manager holds, both work; the administrator may do all of it.
    expect(
      (
        await manager.post('/api/v1/roles', {
          name: 'Sales Viewer',
          permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.manageRoles],
        })
      ).status,
    ).toBe(201);
    const viewer = await createRole(server, [PERMISSIONS.viewSalesInvoices]);
    expect((await manager.patch(`/api/v1/toggleRoles/${viewer.id}`, { toggleStatus: false })).status).toBe(
      200,
    );
    expect(
      (await admin.post('/api/v1/roles', { name: 'Everything Else', permissions: [...ALL_PERMISSIONS] }))
        .status,
    ).toBe(201);
    expect((await admin.patch(`/api/v1/toggleRoles/${payroll.id}`, { toggleStatus: true })).status).toBe(200);
  });
});

describe('access', () => {
  it('a user holding Manage Users but not Manage Roles may list roles (for the Add User form) but not change them', async () => {
    const manager = await createUser(server, { permissions: [PERMISSIONS.manageUsers] });
    const client = await signedIn(server, manager);
    expect((await client.get('/api/v1/roles')).status).toBe(200);
    const denied = [
      await client.get('/api/v1/permissions'),
      await client.post('/api/v1/roles', { name: 'Sneaky Role', permissions: [PERMISSIONS.manageRoles] }),
      await client.patch(`/api/v1/toggleRoles/${manager.roleId}`, { toggleStatus: false }),
    ];
    for (const response of denied) {
      expect(response.status).toBe(403);
      expect(response.body.message).toContain('"Manage Roles"');
    }
    const { body } = await admin.get('/api/v1/roles');
    expect((body.data as RoleRow[]).map((r) => r.name)).not.toContain('Sneaky Role');
  });

  it('answers 403 to a user with neither permission and 401 to anonymous callers', async () => {
    const clerk = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] }),
    );
    const listing = await clerk.get('/api/v1/roles');
    expect(listing.status).toBe(403);
    expect(listing.body.message).toContain('"Manage Roles" or "Manage Users"');

    const anonymous = server.client();
    await anonymous.csrf();
    for (const response of [
      await anonymous.get('/api/v1/roles'),
      await anonymous.get('/api/v1/permissions'),
      await anonymous.post('/api/v1/roles', { name: 'Anon Role', permissions: [PERMISSIONS.manageRoles] }),
      await anonymous.patch('/api/v1/toggleRoles/1', { toggleStatus: false }),
    ]) {
      expect(response).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.unauthenticated } });
    }
  });
});
