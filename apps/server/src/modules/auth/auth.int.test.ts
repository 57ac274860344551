import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CSRF_COOKIE, PERMISSIONS } from '@ff/contract';
import { createUser, signedIn } from '../../test/fixtures.js';
import { TestClient } from '../../test/test-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestServer, type TestServer } from '../../test/test-server.js';
import { loginThrottle } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../plugins/session.js';

const SYSTEM = { actor: { id: null, name: 'System' }, ip: '127.0.0.1' };
const failedBody = { message: AUTH_MESSAGES.failed, errors: { email: [AUTH_MESSAGES.failed] } };

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 with an HttpOnly session cookie and a readable, URL-safe XSRF-TOKEN, both SameSite=Lax', async () => {
    const response = await server.client().csrf();
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const session = TestClient.cookie(response, SESSION_COOKIE);
    const xsrf = TestClient.cookie(response, CSRF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(session?.value).not.toBe(xsrf?.value);
  });

  it('keeps the same XSRF token when called again on a live session', async () => {
    const client = server.client();
    await client.csrf();
    const first = client.xsrfToken;
    await client.csrf();
    expect(client.xsrfToken).toBe(first);
  });
});

describe('POST /login', () => {
  it('answers 204, rotates the session id and issues a new XSRF-TOKEN', async () => {
    const client = server.client();
    await client.csrf();
    const anonymousSession = client.jar.get(SESSION_COOKIE);
    const anonymousXsrf = client.xsrfToken;

    const response = await client.post('/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const session = TestClient.cookie(response, SESSION_COOKIE);
    const xsrf = TestClient.cookie(response, CSRF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.value).not.toBe(anonymousSession);
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value).not.toBe(anonymousXsrf);

    // The anonymous pair signs nobody in, and its token does not pass the CSRF check of the new session.
    const stale = server.client();
    stale.jar.set(SESSION_COOKIE, anonymousSession!);
    stale.jar.set(CSRF_COOKIE, anonymousXsrf!);
    expect((await stale.get('/user')).status).toBe(401);
    expect((await stale.post('/logout')).status).toBe(401);
    expect((await client.post('/logout', {}, { 'x-xsrf-token': anonymousXsrf! })).status).toBe(419);
    expect((await client.get('/user')).status).toBe(200);
  });

  it('signing in again ends the previous signed-in session', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user);
    const oldCookie = client.jar.get(SESSION_COOKIE)!;
    expect((await client.post('/login', { email: user.email, password: user.password })).status).toBe(204);
    expect(client.jar.get(SESSION_COOKIE)).not.toBe(oldCookie);
    expect((await client.get('/user')).status).toBe(200);

    const old = server.client();
    old.jar.set(SESSION_COOKIE, oldCookie);
    expect(await old.get('/user')).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.unauthenticated },
    });
  });

  it('answers the identical 422 for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(server, { permissions: [] });
    const wrongPassword = await server
      .client({ remoteAddress: '10.0.1.1' })
      .login(user.email, 'not-the-password');
    const unknownEmail = await server
      .client({ remoteAddress: '10.0.1.1' })
      .login('nobody@example.com', 'not-the-password');
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body).toEqual(failedBody);
    expect(unknownEmail.status).toBe(422);
    expect(unknownEmail.text).toBe(wrongPassword.text);
  });

  it('accepts the e-mail in any letter case', async () => {
    const user = await createUser(server, { permissions: [] });
    expect((await server.client().login(user.email.toUpperCase(), user.password)).status).toBe(204);
  });

  it('answers 419 without an X-XSRF-TOKEN header, with a wrong one, and without a session', async () => {
    const client = server.client();
    await client.csrf();
    const body = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const missing = await client.request({ method: 'POST', url: '/login', body, xsrf: false });
    expect(missing).toMatchObject({ status: 419, body: { message: AUTH_MESSAGES.csrfMismatch } });
    const wrong = await client.post('/login', body, { 'x-xsrf-token': 'A'.repeat(client.xsrfToken!.length) });
    expect(wrong).toMatchObject({ status: 419, body: { message: AUTH_MESSAGES.csrfMismatch } });
    const noSession = await server.client().post('/login', body, { 'x-xsrf-token': client.xsrfToken! });
    expect(noSession).toMatchObject({ status: 419, body: { message: AUTH_MESSAGES.csrfMismatch } });
    // None of them signed anyone in.
    expect((await client.get('/user')).status).toBe(401);
  });

  it('answers 422 "Invalid email" for a malformed e-mail and names missing fields', async () => {
    const client = server.client();
    await client.csrf();
    const malformed = await client.post('/login', { email: 'not-an-email', password: 'whatever' });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({ message: 'Invalid email', errors: { email: ['Invalid email'] } });

    const empty = await client.post('/login', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.email).toEqual(['The email field is required.']);
    expect(empty.body.errors.password).toEqual(['The password field is required.']);
    expect(empty.body.message).toBe('The email field is required. (and 1 more error)');

    const noBody = await client.request({ method: 'POST', url: '/login' });
    expect(noBody.status).toBe(422);
    expect(noBody.body.errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('refuses a disabled account and an account whose role is disabled, with a clear message', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    await server.app.services.users.setActive(user.id, false, SYSTEM);
    const disabled = await server.client().login(user.email, user.password);
    expect(disabled.status).toBe(422);
    expect(disabled.body).toEqual({
      message: AUTH_MESSAGES.disabled,
      errors: { email: [AUTH_MESSAGES.disabled] },
    });

    const roleHolder = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    await server.app.services.roles.setActive(roleHolder.roleId, false, SYSTEM);
    const roleDisabled = await server.client().login(roleHolder.email, roleHolder.password);
    expect(roleDisabled.status).toBe(422);
    expect(roleDisabled.body.errors).toEqual({ email: [AUTH_MESSAGES.roleDisabled] });
  });

  it('a disabled account with a wrong password still gets the plain credentials answer', async () => {
    const user = await createUser(server, { permissions: [] });
    await server.app.services.users.setActive(user.id, false, SYSTEM);
    const response = await server.client({ remoteAddress: '10.0.1.2' }).login(user.email, 'wrong-password');
    expect(response.body).toEqual(failedBody);
  });
});

describe('login throttling', () => {
  it('after 5 failures per e-mail and address answers the throttle text, even for the right password; another address may still sign in', async () => {
    const user = await createUser(server, { permissions: [] });
    const attacker = server.client({ remoteAddress: '10.0.2.1' });
    for (let i = 0; i < 5; i += 1) {
      expect((await attacker.login(user.email, `wrong-${i}`)).body).toEqual(failedBody);
    }
    for (const password of ['wrong-again', user.password]) {
      const locked = await attacker.login(user.email, password);
      expect(locked.status).toBe(422);
      const message: string = locked.body.errors.email[0];
      const seconds = Number(
        /^Too many login attempts\. Please try again in (\d+) seconds\.$/.exec(message)?.[1],
      );
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(locked.body.message).toBe(message);
    }
    expect((await server.client({ remoteAddress: '10.0.2.2' }).login(user.email, user.password)).status).toBe(
      204,
    );
  });

  it('records the failures and the lockout in the audit log with the address', async () => {
    const user = await createUser(server, { permissions: [] });
    const attacker = server.client({ remoteAddress: '10.0.3.1' });
    for (let i = 0; i < 8; i += 1) await attacker.login(user.email, `wrong-${i}`);
    const admin = await server.signInAsAdmin();
    const audited = async () => {
      const { body } = await admin.get('/api/v1/audits');
      return (body.data as { event: string; ipAddress: string; createdBy: string }[]).filter((e) =>
        e.event.includes(user.email),
      );
    };
    // The first failure of the window at once, the lockout once (not once per refused request).
    let mine = await audited();
    expect(mine.filter((e) => e.event === `Failed sign-in for ${user.email}`)).toHaveLength(1);
    expect(mine.filter((e) => e.event.startsWith(`Sign-in locked out for ${user.email}`))).toHaveLength(1);
    // Once the window has closed, its total: all five failures are accounted for.
    await server.app.services.auth.flushAuditTallies(new Date(Date.now() + 16 * 60_000));
    mine = await audited();
    expect(
      mine.filter((e) =>
        e.event.startsWith(`5 failed sign-ins for ${user.email} from this address between `),
      ),
    ).toHaveLength(1);
    expect(mine).toHaveLength(3);
    for (const entry of mine) expect(entry.ipAddress).toBe('10.0.3.1');
  });

  it('after 20 failures on one account within 15 minutes, from any mix of addresses, the account is locked everywhere', async () => {
    const user = await createUser(server, { permissions: [] });
    const bystander = await createUser(server, { permissions: [] });
    // A distributed guesser: 19 evaluations from other addresses (each under the per-address limit), then one more.
    const now = Date.now();
    await server.database.db.insert(loginThrottle).values({
      scope: 'account',
      key: user.email,
      hits: Array.from({ length: 19 }, (_, i) => new Date(now - 60_000 + i)),
      admitted: true,
    });
    expect((await server.client({ remoteAddress: '10.51.0.1' }).login(user.email, 'wrong')).body).toEqual(
      failedBody,
    );

    for (const address of ['10.51.0.2', '10.51.0.3']) {
      const locked = await server.client({ remoteAddress: address }).login(user.email, user.password);
      expect(locked.status).toBe(422);
      const seconds = Number(
        /^Too many login attempts\. Please try again in (\d+) seconds\.$/.exec(
          locked.body.errors.email[0],
        )?.[1],
      );
      expect(seconds).toBeGreaterThan(60);
      expect(seconds).toBeLessThanOrEqual(900);
    }
    // Only that account: another one signs in from the same addresses.
    expect(
      (await server.client({ remoteAddress: '10.51.0.2' }).login(bystander.email, bystander.password)).status,
    ).toBe(204);
  });

  it('after 30 failures from one address within a minute, across accounts, that address is locked out for every account', async () => {
    const user = await createUser(server, { permissions: [] });
    const sprayer = server.client({ remoteAddress: '10.52.0.1' });
    for (let i = 0; i < 30; i += 1) {
      expect((await sprayer.login(`sprayed-${i}@example.com`, 'Summer2026!')).body).toEqual(failedBody);
    }
    const locked = await sprayer.login(user.email, user.password);
    expect(locked.status).toBe(422);
    const seconds = Number(
      /^Too many login attempts\. Please try again in (\d+) seconds\.$/.exec(
        locked.body.errors.email[0],
      )?.[1],
    );
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // The account itself is fine from elsewhere.
    expect(
      (await server.client({ remoteAddress: '10.52.0.2' }).login(user.email, user.password)).status,
    ).toBe(204);
  });

  it('a successful sign-in clears the earlier failures from that address', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = server.client({ remoteAddress: '10.0.4.1' });
    for (let i = 0; i < 4; i += 1) await client.login(user.email, 'wrong');
    expect((await client.login(user.email, user.password)).status).toBe(204);
    for (let i = 0; i < 4; i += 1) expect((await client.login(user.email, 'wrong')).body).toEqual(failedBody);
  });
});
