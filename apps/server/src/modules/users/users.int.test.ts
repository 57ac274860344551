import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, DATE_TIME_PATTERN, PERMISSIONS } from '@ff/contract';
import { users } from '../../db/schema.js';
import { createRole, createUser, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { ADMIN_EMAIL, createTestServer, type TestServer } from '../../test/test-server.js';

const CLERK_ROLE = 'Finance Clerk';
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin();
  await createRole(server, [PERMISSIONS.viewSalesInvoices], CLERK_ROLE);
});
afterAll(async () => {
  await server.close();
});

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Wanjiku Kamau',
  email: `wanjiku-${Math.random().toString(36).slice(2, 8)}@example.com`,
  mobileNo: '+254 712 345678',
  role: CLERK_ROLE,
  ...overrides,
});
const fieldError = (field: string, message: string) => ({ message, errors: { [field]: [message] } });

describe('GET /api/v1/users', () => {
  it('lists users as {data: [...]} with the fields the screens show', async () => {
    const clerk = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const response = await admin.get('/api/v1/users');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['data']);
    const row = response.body.data.find((u: { id: number }) => u.id === clerk.id);
    expect(Object.keys(row).sort()).toEqual([
      'createdAt',
      'createdBy',
      'email',
      'id',
      'isActive',
      'mobileNo',
      'name',
      'role',
    ]);
    expect(row).toMatchObject({
      name: clerk.name,
      email: clerk.email,
      mobileNo: '+254700000000',
      role: clerk.roleName,
      createdBy: 'System',
      isActive: true,
    });
    expect(row.createdAt).toMatch(DATE_TIME_PATTERN);
    const seeded = response.body.data.find((u: { email: string }) => u.email === ADMIN_EMAIL);
    expect(seeded).toMatchObject({ name: 'Administrator', role: 'Administrator', isActive: true });
  });

  describe('date filters: inclusive whole days in Africa/Nairobi (UTC+3)', () => {
    const edges: Record<string, string> = {
      lastSecondOf9th: '2024-03-09T20:59:59Z', // 2024-03-09 23:59:59 in Nairobi
      firstSecondOf10th: '2024-03-09T21:00:00Z', // 2024-03-10 00:00:00
      lastSecondOf10th: '2024-03-10T20:59:59Z', // 2024-03-10 23:59:59
      firstSecondOf11th: '2024-03-10T21:00:00Z', // 2024-03-11 00:00:00
    };
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      for (const [label, instant] of Object.entries(edges)) {
        const user = await createUser(server, { role: CLERK_ROLE, name: `Edge ${label}` });
        await server.database.db
          .update(users)
          .set({ createdAt: new Date(instant) })
          .where(eq(users.id, user.id));
        ids[label] = user.id;
      }
    });
    const edgeLabels = async (query: string) => {
      const response = await admin.get(`/api/v1/users?${query}`);
      expect(response.status).toBe(200);
      const byId = new Map(Object.entries(ids).map(([label, id]) => [id, label]));
      return (response.body.data as { id: number }[]).flatMap((u) =>
        byId.has(u.id) ? [byId.get(u.id)] : [],
      );
    };

    it('a single day holds exactly the rows from its first to its last second, shown in Nairobi time', async () => {
      expect(await edgeLabels('fromDate=2024-03-10&toDate=2024-03-10')).toEqual([
        'lastSecondOf10th',
        'firstSecondOf10th',
      ]);
      const { body } = await admin.get('/api/v1/users?fromDate=2024-03-10&toDate=2024-03-10');
      expect(body.data.map((u: { createdAt: string }) => u.createdAt)).toEqual([
        '2024-03-10 23:59:59',
        '2024-03-10 00:00:00',
      ]);
    });

    it('fromDate alone and toDate alone are inclusive open ranges', async () => {
      expect(await edgeLabels('fromDate=2024-03-10')).toEqual([
        'firstSecondOf11th',
        'lastSecondOf10th',
        'firstSecondOf10th',
      ]);
      expect(await edgeLabels('toDate=2024-03-10')).toEqual([
        'lastSecondOf10th',
        'firstSecondOf10th',
        'lastSecondOf9th',
      ]);
      expect(await edgeLabels('fromDate=2024-03-09&toDate=2024-03-11')).toHaveLength(4);
    });

    it("gives the same days whatever the server machine's own time zone is", async () => {
      const original = process.env.TZ;
      try {
        for (const zone of ['Asia/Tokyo', 'America/Los_Angeles', 'Africa/Nairobi']) {
          process.env.TZ = zone;
          expect(await edgeLabels('fromDate=2024-03-10&toDate=2024-03-10')).toEqual([
            'lastSecondOf10th',
            'firstSecondOf10th',
          ]);
        }
      } finally {
        if (original === undefined) delete process.env.TZ;
        else process.env.TZ = original;
      }
    });

    it('answers 422 for dates that are malformed, not real, or in the wrong order', async () => {
      expect(await admin.get('/api/v1/users?fromDate=10/03/2024')).toMatchObject({
        status: 422,
        body: fieldError('fromDate', 'Use the format yyyy-MM-dd.'),
      });
      expect(await admin.get('/api/v1/users?toDate=2024-02-30')).toMatchObject({
        status: 422,
        body: fieldError('toDate', 'This is not a real calendar date.'),
      });
      expect(await admin.get('/api/v1/users?fromDate=2024-03-11&toDate=2024-03-10')).toMatchObject({
        status: 422,
        body: fieldError('toDate', 'From Date must not be after To Date.'),
      });
    });
  });
});

describe('POST /api/v1/users', () => {
  it('creates the user (201) with the role as a list, and lists it', async () => {
    const body = newUser({ email: 'Achieng.Otieno@Example.com', name: 'Achieng Otieno' });
    const response = await admin.post('/api/v1/users', body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Achieng Otieno',
      email: 'achieng.otieno@example.com',
      mobileNo: '+254712345678',
      role: [CLERK_ROLE],
      createdBy: 'Administrator',
      isActive: true,
    });
    expect(response.body.createdAt).toMatch(DATE_TIME_PATTERN);
    const { body: list } = await admin.get('/api/v1/users');
    expect(list.data.find((u: { id: number }) => u.id === response.body.id)).toMatchObject({
      email: 'achieng.otieno@example.com',
      role: CLERK_ROLE,
    });
  });

  it('answers 422 with field errors', async () => {
    const role = await createRole(server, [PERMISSIONS.viewCashAdvances]);
    await server.app.services.roles.setActive(role.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    await admin.post('/api/v1/users', newUser({ email: 'taken@example.com' }));
    const cases: [Record<string, unknown>, string, string][] = [
      [newUser({ name: '   ' }), 'name', 'The name field is required.'],
      [newUser({ email: 'not an email' }), 'email', 'Invalid email'],
      [newUser({ email: 'TAKEN@example.com' }), 'email', 'The email has already been taken.'],
      [newUser({ role: 'No Such Role' }), 'role', 'The selected role does not exist.'],
      [newUser({ role: role.name }), 'role', 'The selected role is disabled; choose an active role.'],
      [newUser({ mobileNo: '' }), 'mobileNo', 'The mobile number field is required.'],
      [
        newUser({ mobileNo: 'call me' }),
        'mobileNo',
        'The mobile number may only contain digits, spaces, brackets and dashes.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.post('/api/v1/users', body);
      expect(response.status, `${field}: ${message}`).toBe(422);
      expect(response.body).toEqual(fieldError(field, message));
    }
    const { mobileNo: _omitted, ...withoutMobile } = newUser();
    const missing = await admin.post('/api/v1/users', withoutMobile);
    expect(missing).toMatchObject({
      status: 422,
      body: fieldError('mobileNo', 'The mobile number field is required.'),
    });
    const empty = await admin.post('/api/v1/users', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'mobileNo', 'name', 'role']);
    expect(empty.body.message).toBe('The name field is required. (and 3 more errors)');
  });

  it('two simultaneous creations with the same e-mail give one 201 and one 422', async () => {
    const body = newUser();
    const answers = await Promise.all([
      admin.post('/api/v1/users', body),
      admin.post('/api/v1/users', { ...body, email: body.email.toUpperCase() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body).toEqual(
      fieldError('email', 'The email has already been taken.'),
    );
  });
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

describe('access', () => {
  it('answers 403 naming the permission to a signed-in user without Manage Users, and changes nothing', async () => {
    const clerk = await createUser(server, {
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.manageRoles],
    });
    const victim = await createUser(server, { permissions: [] });
    const client = await signedIn(server, clerk);
    const calls = [
      client.get('/api/v1/users'),
      client.post('/api/v1/users', newUser()),
      client.patch(`/api/v1/toggleUser/${victim.id}`, { toggleStatus: false }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(Object.keys(response.body)).toEqual(['message']);
      expect(response.body.message).toContain('"Manage Users"');
    }
    expect((await server.client().login(victim.email, victim.password)).status).toBe(204);
  });

  it('answers 401 to anonymous callers', async () => {
    const anonymous = server.client();
    await anonymous.csrf();
    for (const response of [
      await anonymous.get('/api/v1/users'),
      await anonymous.post('/api/v1/users', newUser()),
      await anonymous.patch('/api/v1/toggleUser/1', { toggleStatus: false }),
    ]) {
      expect(response).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.unauthenticated } });
    }
  });
});
