import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, AUTH_MESSAGES, CSRF_COOKIE, PERMISSIONS } from '@ff/contract';
import { roles, sessions, users } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { createUser, sessionsOf, signedIn } from '../../test/fixtures.js';
import { TestClient } from '../../test/test-client.js';
import { ADMIN_EMAIL, createTestServer, type TestServer } from '../../test/test-server.js';

const unauthenticated = { status: 401, body: { message: AUTH_MESSAGES.unauthenticated } };

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '8' } });
});
afterAll(async () => {
  await server.close();
});

const sessionRow = async (client: TestClient) => {
  const [row] = await server.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, sha256Hex(client.jar.get(SESSION_COOKIE)!)));
  return row;
};
const setSession = (client: TestClient, values: Partial<typeof sessions.$inferInsert>) =>
  server.database.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.id, sha256Hex(client.jar.get(SESSION_COOKIE)!)));
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('GET /user', () => {
  it('answers the signed-in user: id, name, email, role and permission names', async () => {
    const admin = await server.signInAsAdmin();
    const response = await admin.get('/user');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(response.body).sort()).toEqual([
      'email',
      'id',
      'name',
      'permissions',
      'role',
      'twoFactorEnabled',
      'twoFactorSetupRequired',
    ]);
    expect(response.body).toMatchObject({ name: 'Administrator', email: ADMIN_EMAIL, role: 'Administrator' });
    expect(response.body.id).toEqual(expect.any(Number));
    expect([...response.body.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());

    const clerk = await createUser(server, {
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.postSalesInvoices],
    });
    const mine = await (await signedIn(server, clerk)).get('/user');
    expect(mine.body).toEqual({
      id: clerk.id,
      name: clerk.name,
      email: clerk.email,
      role: clerk.roleName,
      permissions: [PERMISSIONS.postSalesInvoices, PERMISSIONS.viewSalesInvoices],
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
  });

  it('answers 401 "Unauthenticated." without a session, with an anonymous one and with a made-up cookie', async () => {
    expect(await server.client().get('/user')).toMatchObject(unauthenticated);
    const anonymous = server.client();
    await anonymous.csrf();
    expect(await anonymous.get('/user')).toMatchObject(unauthenticated);
    const forged = server.client();
    forged.jar.set(SESSION_COOKIE, 'A'.repeat(43));
    expect(await forged.get('/user')).toMatchObject(unauthenticated);
  });
});

describe('POST /logout', () => {
  it('answers 204, destroys the session server-side and rotates the CSRF token', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    const signedInCookie = client.jar.get(SESSION_COOKIE)!;
    const signedInXsrf = client.xsrfToken!;

    const response = await client.post('/logout');
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const xsrf = TestClient.cookie(response, CSRF_COOKIE);
    expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(xsrf?.value).not.toBe(signedInXsrf);
    expect(TestClient.cookie(response, SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await client.get('/user')).toMatchObject(unauthenticated);

    // The old cookie is dead even if someone kept a copy.
    const copy = server.client();
    copy.jar.set(SESSION_COOKIE, signedInCookie);
    expect(await copy.get('/user')).toMatchObject(unauthenticated);

    // The browser can sign in again straight away with the rotated token.
    expect((await client.post('/login', { email: user.email, password: user.password })).status).toBe(204);
  });

  it('answers 401 when not signed in', async () => {
    const anonymous = server.client();
    await anonymous.csrf();
    expect(await anonymous.post('/logout')).toMatchObject(unauthenticated);
  });

  it('answers 419 without the CSRF header, and the session survives', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    const response = await client.request({ method: 'POST', url: '/logout', xsrf: false });
    expect(response).toMatchObject({ status: 419, body: { message: AUTH_MESSAGES.csrfMismatch } });
    expect((await client.get('/user')).status).toBe(200);
  });
});

describe('session expiry', () => {
  it('a new session is idle-limited by SESSION_IDLE_MINUTES and capped by SESSION_ABSOLUTE_HOURS', async () => {
    const user = await createUser(server, { permissions: [] });
    const row = (await sessionRow(await signedIn(server, user)))!;
    expect(row.userId).toBe(user.id);
    expect(Math.abs(row.idleExpiresAt.getTime() - minutesFromNow(30).getTime())).toBeLessThan(10_000);
    expect(Math.abs(row.absoluteExpiresAt.getTime() - minutesFromNow(8 * 60).getTime())).toBeLessThan(10_000);
  });

  it('answers 401 once the idle expiry has passed', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    await setSession(client, { idleExpiresAt: new Date(Date.now() - 1000) });
    expect(await client.get('/user')).toMatchObject(unauthenticated);
  });

  it('answers 401 once the absolute expiry has passed, however active the user is', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    await setSession(client, { absoluteExpiresAt: new Date(Date.now() - 1000) });
    expect(await client.get('/user')).toMatchObject(unauthenticated);
  });

  it('activity slides the idle expiry forward, but never past the absolute expiry', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    await setSession(client, { lastSeenAt: minutesFromNow(-20), idleExpiresAt: minutesFromNow(10) });
    expect((await client.get('/user')).status).toBe(200);
    const slid = (await sessionRow(client))!;
    expect(Math.abs(slid.idleExpiresAt.getTime() - minutesFromNow(30).getTime())).toBeLessThan(10_000);
    expect(Math.abs(slid.lastSeenAt.getTime() - Date.now())).toBeLessThan(10_000);

    await setSession(client, {
      lastSeenAt: minutesFromNow(-20),
      idleExpiresAt: minutesFromNow(2),
      absoluteExpiresAt: minutesFromNow(5),
    });
    expect((await client.get('/user')).status).toBe(200);
    const capped = (await sessionRow(client))!;
    expect(capped.idleExpiresAt.getTime()).toBe(capped.absoluteExpiresAt.getTime());
  });
});

describe('disabled accounts and roles', () => {
  // The services end the sessions when they disable someone (users.int.test.ts, roles.int.test.ts); these
  // prove the access hook does not rely on that: another process, or a direct change, locks out at once.
  it('a user disabled behind the API is refused on the very next request, and the session is destroyed', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.manageUsers] });
    const client = await signedIn(server, user);
    expect((await client.get('/api/v1/users')).status).toBe(200);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(await client.get('/api/v1/users')).toMatchObject(unauthenticated);
    expect(await sessionsOf(server, user.id)).toEqual([]);
    // Enabling the account again does not revive the old session.
    await server.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    expect(await client.get('/user')).toMatchObject(unauthenticated);
  });

  it('a role disabled behind the API locks out its holders on their very next request, even on an unsafe one', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.manageRoles] });
    const client = await signedIn(server, user);
    await server.database.db.update(roles).set({ isActive: false }).where(eq(roles.id, user.roleId));
    const response = await client.post('/api/v1/roles', {
      name: 'Never Created',
      permissions: [PERMISSIONS.viewSalesInvoices],
    });
    expect(response).toMatchObject(unauthenticated);
    expect(await sessionsOf(server, user.id)).toEqual([]);
    const admin = await server.signInAsAdmin();
    expect((await admin.get('/api/v1/roles')).body.data.map((r: { name: string }) => r.name)).not.toContain(
      'Never Created',
    );
  });
});

describe('short idle windows', () => {
  let shortIdle: TestServer;
  beforeAll(async () => {
    shortIdle = await createTestServer({ env: { SESSION_IDLE_MINUTES: '1' } });
  });
  afterAll(async () => {
    await shortIdle.close();
  });

  it('with a one-minute idle limit, a user active every 20 seconds stays signed in', async () => {
    const user = await createUser(shortIdle, { permissions: [] });
    const client = await signedIn(shortIdle, user);
    const where = eq(sessions.id, sha256Hex(client.jar.get(SESSION_COOKIE)!));
    // Signed in 40 s ago, last active 20 s ago: 40 s of the idle minute are left.
    await shortIdle.database.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 40_000),
        lastSeenAt: new Date(Date.now() - 20_000),
        idleExpiresAt: new Date(Date.now() + 40_000),
      })
      .where(where);
    expect((await client.get('/user')).status).toBe(200);
    const [row] = await shortIdle.database.db.select().from(sessions).where(where);
    expect(row!.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});
