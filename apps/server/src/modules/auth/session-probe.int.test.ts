import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ff/contract';
import { users } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const signedOut = { status: 200, body: { authenticated: false } };

describe('GET /api/v1/session (the SPA start-up probe)', () => {
  it('answers 200 {authenticated: false} to a visitor: no session, an anonymous one, a made-up cookie', async () => {
    expect(await server.client().get('/api/v1/session')).toMatchObject(signedOut);
    const anonymous = server.client();
    await anonymous.csrf();
    expect(await anonymous.get('/api/v1/session')).toMatchObject(signedOut);
    const forged = server.client();
    forged.jar.set(SESSION_COOKIE, 'A'.repeat(43));
    const response = await forged.get('/api/v1/session');
    expect(response).toMatchObject(signedOut);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the signed-in user exactly as GET /user does', async () => {
    const clerk = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const client = await signedIn(server, clerk);
    const probe = await client.get('/api/v1/session');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({
      authenticated: true,
      user: (await client.get('/user')).body,
      // The SPA reads the server's date-times in it (a browser elsewhere misread a posting day's start).
      timeZone: 'Africa/Nairobi',
    });
    expect(probe.body.user).toMatchObject({ id: clerk.id, email: clerk.email, role: clerk.roleName });
  });

  it('says signed out after a log out, and for a disabled account (whose session ends)', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    expect((await client.post('/logout')).status).toBe(204);
    expect(await client.get('/api/v1/session')).toMatchObject(signedOut);

    const disabled = await createUser(server, { permissions: [] });
    const other = await signedIn(server, disabled);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    expect(await other.get('/api/v1/session')).toMatchObject(signedOut);
    await server.database.db.update(users).set({ isActive: true }).where(eq(users.id, disabled.id));
    // The session was ended, not just hidden: enabling the account again does not bring it back.
    expect(await other.get('/api/v1/session')).toMatchObject(signedOut);
  });
});
