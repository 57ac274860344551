import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PERMISSIONS, ROLE_ADMIN_MESSAGES, type PermissionName } from '@ff/contract';
import { createRole, createUser, sessionsOf, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

/** Viewing and editing a role's permissions (issue 12): GET /api/v1/roles/{id}, PUT /api/v1/roles/{id}/permissions. */
let server: TestServer;
let admin: TestClient;
let ids: Record<string, number>;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin();
  const { body } = await admin.get('/api/v1/permissions');
  ids = Object.fromEntries((body.data as { id: number; name: string }[]).map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await server.close();
});

const fieldError = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
const put = (client: TestClient, roleId: number, permissions: unknown) =>
  client.request({ method: 'PUT', url: `/api/v1/roles/${roleId}/permissions`, body: { permissions } });
const idsOf = (...names: PermissionName[]) => names.map((n) => ids[n]!);
const events = async () =>
  ((await admin.get('/api/v1/audits')).body.data as { event: string }[]).map((e) => e.event);

describe('GET /api/v1/roles/{id}', () => {
  it('answers the role with its permissions by name and by id', async () => {
    const role = await createRole(server, [PERMISSIONS.viewAuditLogs, PERMISSIONS.viewSalesInvoices]);
    const response = await admin.get(`/api/v1/roles/${role.id}`);
    expect(response.status).toBe(200);
    const listed = (await admin.get('/api/v1/roles')).body.data.find((r: { id: number }) => r.id === role.id);
    expect(response.body).toEqual({
      ...listed,
      permissionIds: idsOf(PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs).sort((a, b) => a - b),
    });
    expect(await admin.get('/api/v1/roles/999999')).toMatchObject({
      status: 404,
      body: { message: 'The role does not exist.' },
    });
  });
});

describe('PUT /api/v1/roles/{id}/permissions', () => {
  it('replaces the permissions, answers the role and audits what was added and removed', async () => {
    const role = await createRole(server, [PERMISSIONS.viewAuditLogs, PERMISSIONS.viewSalesInvoices]);
    const response = await put(
      admin,
      role.id,
      idsOf(PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewCashAdvances),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: role.id,
      name: role.name,
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewCashAdvances].sort(
        (a, b) => ids[a]! - ids[b]!,
      ),
    });
    expect(response.body).toEqual((await admin.get(`/api/v1/roles/${role.id}`)).body);
    expect(await events()).toContain(
      `Changed the permissions of role ${role.name}: added ${PERMISSIONS.viewCashAdvances}; removed ${PERMISSIONS.viewAuditLogs}`,
    );
    // The same set again changes and audits nothing.
    const before = await events();
    expect(
      (await put(admin, role.id, idsOf(PERMISSIONS.viewCashAdvances, PERMISSIONS.viewSalesInvoices))).status,
    ).toBe(200);
    expect(await events()).toEqual(before);
  });

  it('gives a signed-in user of the role the new permissions on their next request, in the same session, both ways', async () => {
    const role = await createRole(server, [PERMISSIONS.viewSalesInvoices]);
    const clerk = await createUser(server, { role: role.name });
    const client = await signedIn(server, clerk);
    const [session] = await sessionsOf(server, clerk.id);
    const refused = await client.get('/api/v1/audits');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"View Audit Logs"');

    await put(admin, role.id, idsOf(PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs));
    expect((await client.get('/api/v1/audits')).status).toBe(200);
    expect((await client.get('/user')).body.permissions).toContain(PERMISSIONS.viewAuditLogs);

    await put(admin, role.id, idsOf(PERMISSIONS.viewAuditLogs));
    expect((await client.get('/api/v1/audits')).status).toBe(200);
    expect((await client.get('/api/v1/journalSaleInvoice')).status).toBe(403);
    await put(admin, role.id, idsOf(PERMISSIONS.viewSalesInvoices));
    expect((await client.get('/api/v1/audits')).status).toBe(403);
    // Never signed out: one session throughout.
    expect((await sessionsOf(server, clerk.id)).map((s) => s.id)).toEqual([session!.id]);
  });

  it('answers 422 for no permission, unknown ids, the Administrator role and Manage Roles taken from your own role', async () => {
    const role = await createRole(server, [PERMISSIONS.viewAuditLogs]);
    expect(await put(admin, role.id, [])).toMatchObject({
      status: 422,
      body: fieldError('permissions', 'You must select at least one permission'),
    });
    expect(await put(admin, role.id, [ids[PERMISSIONS.viewAuditLogs], 999_999])).toMatchObject({
      status: 422,
      body: fieldError('permissions', 'Unknown permission id: 999999.'),
    });
    expect((await put(admin, role.id, ['View Audit Logs'])).status).toBe(422);
    const administrator = (await admin.get('/api/v1/roles')).body.data.find(
      (r: { name: string }) => r.name === 'Administrator',
    );
    expect(await put(admin, administrator.id, idsOf(PERMISSIONS.viewAuditLogs))).toMatchObject({
      status: 422,
      body: fieldError('permissions', ROLE_ADMIN_MESSAGES.systemRole),
    });
    expect((await admin.get('/user')).body.permissions.length).toBe(Object.keys(ids).length);

    const managerRole = await createRole(server, [PERMISSIONS.manageRoles, PERMISSIONS.viewAuditLogs]);
    const manager = await signedIn(server, await createUser(server, { role: managerRole.name }));
    expect(await put(manager, managerRole.id, idsOf(PERMISSIONS.viewAuditLogs))).toMatchObject({
      status: 422,
      body: fieldError('permissions', ROLE_ADMIN_MESSAGES.ownManageRoles),
    });
    expect((await put(manager, managerRole.id, idsOf(PERMISSIONS.manageRoles))).status).toBe(200);
    expect(await put(admin, 999_999, idsOf(PERMISSIONS.viewAuditLogs))).toMatchObject({ status: 404 });
  });

  it('answers 403 naming the missing permissions to a role manager lacking what is added or removed', async () => {
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageRoles, PERMISSIONS.viewSalesInvoices] }),
    );
    const role = await createRole(server, [PERMISSIONS.viewSalesInvoices]);
    const adding = await put(
      manager,
      role.id,
      idsOf(PERMISSIONS.viewSalesInvoices, PERMISSIONS.manageSettings),
    );
    expect(adding).toMatchObject({
      status: 403,
      body: {
        message: `You cannot change the permissions of the role ${role.name}: it would involve permissions you do not have (${PERMISSIONS.manageSettings}).`,
      },
    });
    const auditors = await createRole(server, [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewAuditLogs]);
    expect((await put(manager, auditors.id, idsOf(PERMISSIONS.viewSalesInvoices))).status).toBe(403);
    expect((await admin.get(`/api/v1/roles/${auditors.id}`)).body.permissions).toContain(
      PERMISSIONS.viewAuditLogs,
    );
  });

  it('lets user managers view a role (like the list) but not edit it: 403 without Manage Roles; 401 to anonymous callers', async () => {
    const role = await createRole(server, [PERMISSIONS.viewAuditLogs]);
    const clerk = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.viewAuditLogs] }),
    );
    expect((await clerk.get(`/api/v1/roles/${role.id}`)).status).toBe(403);
    const userManager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers] }),
    );
    expect((await userManager.get(`/api/v1/roles/${role.id}`)).body.permissions).toEqual([
      PERMISSIONS.viewAuditLogs,
    ]);
    const refused = await put(userManager, role.id, idsOf(PERMISSIONS.viewAuditLogs));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"Manage Roles"');
    const anonymous = server.client();
    await anonymous.csrf();
    expect(await put(anonymous, role.id, idsOf(PERMISSIONS.viewAuditLogs))).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.unauthenticated },
    });
  });
});
