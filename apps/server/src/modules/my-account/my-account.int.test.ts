import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_FIELD_MESSAGES, DATE_TIME_PATTERN, MY_ACCOUNT_MESSAGES, PERMISSIONS } from '@ff/contract';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.js';
import { createUser, sessionsOf, signedIn } from '../../test/fixtures.js';
import { auditEventsOf, del, put } from '../../test/my-account-requests.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const auditsOf = (userId: number) => auditEventsOf(server, userId);

describe('My Account profile', () => {
  it('answers the own account and changes name and mobile number with the users rules', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const client = await signedIn(server, user);
    const mine = await client.get('/api/v1/account');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      mobileNo: '+254700000000',
      role: user.roleName,
      twoFactorEnabled: false,
      twoFactorRequired: false,
      recoveryCodesLeft: 0,
    });

    const blank = await client.patch('/api/v1/account', { name: ' ', mobileNo: 'call me' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      name: ['The name field is required.'],
      mobileNo: ['The mobile number may only contain digits, spaces, brackets and dashes.'],
    });

    const changed = await client.patch('/api/v1/account', {
      name: 'Wanjiru Kamau',
      mobileNo: '+254 711 222333',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Wanjiru Kamau',
      mobileNo: '+254 711 222333',
      email: user.email,
    });
    expect((await client.get('/user')).body.name).toBe('Wanjiru Kamau');
    expect(await auditsOf(user.id)).toContain(
      `Updated own profile (${user.email}): name "Wanjiru Kamau", mobile number "+254 711 222333"`,
    );
  });
});

describe('PUT /api/v1/account/password', () => {
  it('needs the right current password and an acceptable new one, then ends the other sessions only', async () => {
    const user = await createUser(server, { permissions: [] });
    const here = await signedIn(server, user, { headers: { 'user-agent': CHROME_LINUX } });
    const elsewhere = await signedIn(server, user, { headers: { 'user-agent': FIREFOX_WINDOWS } });
    const newPassword = 'Tarmac-Ledger-Horizon-77';

    const wrongCurrent = await put(here, '/api/v1/account/password', {
      currentPassword: 'Not-The-Password-1',
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(wrongCurrent).toMatchObject({
      status: 422,
      body: { errors: { currentPassword: [MY_ACCOUNT_MESSAGES.currentPasswordWrong] } },
    });

    const weak = await put(here, '/api/v1/account/password', {
      currentPassword: user.password,
      password: 'password1',
      password_confirmation: 'password1',
    });
    expect(weak).toMatchObject({ status: 422, body: { errors: { password: [COMMON_PASSWORD_MESSAGE] } } });
    const differ = await put(here, '/api/v1/account/password', {
      currentPassword: user.password,
      password: newPassword,
      password_confirmation: `${newPassword}x`,
    });
    expect(differ.body.errors.password).toEqual([AUTH_FIELD_MESSAGES.passwordsDiffer]);
    expect((await elsewhere.get('/user')).status).toBe(200);

    const changed = await put(here, '/api/v1/account/password', {
      currentPassword: user.password,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(changed).toMatchObject({ status: 200, body: { status: MY_ACCOUNT_MESSAGES.passwordChanged } });
    expect((await here.get('/user')).status).toBe(200);
    expect((await elsewhere.get('/user')).status).toBe(401);
    expect(await sessionsOf(server, user.id)).toHaveLength(1);
    expect((await server.client().login(user.email, user.password)).status).toBe(422);
    expect((await server.client().login(user.email, newPassword)).status).toBe(204);
    expect(await auditsOf(user.id)).toEqual(
      expect.arrayContaining([
        `Password changed by ${user.email}; 1 other session ended`,
        `Wrong password given in My Account by ${user.email}`,
      ]),
    );
  });

  it('is throttled like the sign-in form', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = await signedIn(server, user, { remoteAddress: '10.20.30.40' });
    const attempt = () =>
      put(client, '/api/v1/account/password', {
        currentPassword: 'Guess-Number-One',
        password: 'Tarmac-Ledger-Horizon-77',
        password_confirmation: 'Tarmac-Ledger-Horizon-77',
      });
    for (let i = 0; i < 5; i += 1)
      expect((await attempt()).body.errors.currentPassword).toEqual([
        MY_ACCOUNT_MESSAGES.currentPasswordWrong,
      ]);
    expect((await attempt()).body.errors.currentPassword[0]).toMatch(/^Too many login attempts/);
  });
});

describe('own sessions', () => {
  it('lists device, address and times, ends one or all others, never the current one nor another user’s', async () => {
    const user = await createUser(server, { permissions: [] });
    const here = await signedIn(server, user, { headers: { 'user-agent': CHROME_LINUX } });
    const firefox = await signedIn(server, user, {
      headers: { 'user-agent': FIREFOX_WINDOWS },
      remoteAddress: '10.1.2.3',
    });
    const third = await signedIn(server, user);

    const list = await here.get('/api/v1/account/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    const current = list.body.data.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Chrome 131 on Linux', ipAddress: '127.0.0.1' });
    expect(current.createdAt).toMatch(DATE_TIME_PATTERN);
    expect(current.lastSeenAt).toMatch(DATE_TIME_PATTERN);
    const other = list.body.data.find((s: { device: string }) => s.device === 'Firefox 133 on Windows');
    expect(other).toMatchObject({ ipAddress: '10.1.2.3', current: false });
    for (const session of list.body.data) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      const stored = await sessionsOf(server, user.id);
      expect(stored.map((s) => s.id)).not.toContain(session.id);
    }

    expect(await del(here, `/api/v1/account/sessions/${current.id}`)).toMatchObject({
      status: 422,
      body: { errors: { id: [MY_ACCOUNT_MESSAGES.currentSession] } },
    });
    const stranger = await signedIn(server, await createUser(server, { permissions: [] }));
    expect((await del(stranger, `/api/v1/account/sessions/${other.id}`)).status).toBe(404);
    expect((await firefox.get('/user')).status).toBe(200);

    expect((await del(here, `/api/v1/account/sessions/${other.id}`)).status).toBe(204);
    expect((await firefox.get('/user')).status).toBe(401);
    expect((await del(here, `/api/v1/account/sessions/${other.id}`)).status).toBe(404);

    const signOut = await here.post('/api/v1/account/sessions/sign-out-others');
    expect(signOut).toMatchObject({ status: 200, body: { ended: 1 } });
    expect((await third.get('/user')).status).toBe(401);
    expect((await here.get('/user')).status).toBe(200);
    expect((await here.get('/api/v1/account/sessions')).body.data).toHaveLength(1);
    expect(await auditsOf(user.id)).toEqual(
      expect.arrayContaining([
        `Signed out a session of ${user.email} (Firefox 133 on Windows, 10.1.2.3)`,
        `Signed out all other sessions of ${user.email} (1 ended)`,
      ]),
    );
  });
});
