import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DATE_TIME_PATTERN, PERMISSIONS } from '@ff/contract';
import { users } from '../../db/schema.js';
import { createRole, createUser, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { ADMIN_EMAIL, type TestServer } from '../../test/test-server.js';
import { CLERK_ROLE, fieldError, newUser, startUsersServer } from '../../test/users-suite.js';

/** Listing and creating users, and who may (toggling a user: toggle-user.int.test.ts). */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => ({ server, admin } = await startUsersServer()));
afterAll(async () => {
  await server.close();
});

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
      'invitationPending',
      'isActive',
      'mobileNo',
      'name',
      'role',
      'roleName',
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
  it('creates the user (201) with the role as a list (and roleName, as every user answer has), and lists it', async () => {
    const body = newUser({ email: 'Achieng.Otieno@Example.com', name: 'Achieng Otieno' });
    const response = await admin.post('/api/v1/users', body);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Achieng Otieno',
      email: 'achieng.otieno@example.com',
      mobileNo: '+254712345678',
      role: [CLERK_ROLE],
      roleName: CLERK_ROLE,
      createdBy: 'Administrator',
      isActive: true,
    });
    expect(response.body.createdAt).toMatch(DATE_TIME_PATTERN);
    const { body: list } = await admin.get('/api/v1/users');
    expect(list.data.find((u: { id: number }) => u.id === response.body.id)).toMatchObject({
      email: 'achieng.otieno@example.com',
      role: CLERK_ROLE,
      roleName: CLERK_ROLE,
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
