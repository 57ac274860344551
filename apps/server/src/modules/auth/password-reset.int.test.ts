import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PERMISSIONS } from '@ff/contract';
import { passwordResetTokens } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.js';
import {
  createUser,
  outboxFor,
  passwordLinkIn,
  signedIn,
  waitFor,
  type TestUser,
} from '../../test/fixtures.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import type { TestClient } from '../../test/test-client.js';
import { APP_URL, createTestServer, type TestServer } from '../../test/test-server.js';

const sent = { status: AUTH_MESSAGES.resetLinkSent };
const invalidToken = {
  message: AUTH_MESSAGES.resetTokenInvalid,
  errors: { email: [AUTH_MESSAGES.resetTokenInvalid] },
};
const NEW_PASSWORD = 'Brand-New-Password-1';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

async function anonymous(): Promise<TestClient> {
  const client = server.client();
  await client.csrf();
  return client;
}

/** Asks for a reset link and answers the link from the mail that arrives in the outbox. */
async function requestLink(user: TestUser) {
  const before = (await outboxFor(server, user.email)).length;
  const response = await (await anonymous()).post('/forgot-password', { email: user.email });
  expect(response).toMatchObject({ status: 200, body: sent });
  const mails = await waitFor(async () => {
    const rows = await outboxFor(server, user.email);
    return rows.length > before && rows;
  }, `the reset mail to ${user.email}`);
  return passwordLinkIn(mails.at(-1)!.body!);
}

const reset = async (
  link: { token: string; email: string },
  password = NEW_PASSWORD,
  confirmation = password,
) =>
  (await anonymous()).post('/reset-password', {
    token: link.token,
    email: link.email,
    password,
    password_confirmation: confirmation,
  });

describe('POST /forgot-password', () => {
  it('answers the same 200 for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await createUser(server, { permissions: [] });
    const known = await (await anonymous()).post('/forgot-password', { email: user.email });
    const unknown = await (await anonymous()).post('/forgot-password', { email: 'nobody-here@example.com' });
    expect(known).toMatchObject({ status: 200, body: sent });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(known.headers['referrer-policy']).toBe('no-referrer');
    await waitFor(async () => (await outboxFor(server, user.email)).length === 1, 'the reset mail');
    expect(await outboxFor(server, 'nobody-here@example.com')).toEqual([]);
  });

  it('mails APP_URL/password-reset/{token}?email={encoded e-mail} to the outbox when SMTP_URL is not set', async () => {
    const user = await createUser(server, { permissions: [], email: `first+tag-${Date.now()}@example.com` });
    const link = await requestLink(user);
    const [mail] = await outboxFor(server, user.email);
    expect(mail).toMatchObject({
      transport: 'log',
      subject: 'Reset your Freight Finance password',
      error: null,
    });
    expect(mail!.body).toContain(
      `${APP_URL}/password-reset/${link.token}?email=${encodeURIComponent(user.email)}`,
    );
    expect(link.url.search).toBe(`?email=${encodeURIComponent(user.email)}`);
    expect(link.email).toBe(user.email);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('sends at most one mail per account per minute, and the first link stays valid', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    expect(await (await anonymous()).post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: sent,
    });
    // A second user's mail, asked for afterwards, arrives; the first user still has exactly one.
    await requestLink(await createUser(server, { permissions: [] }));
    expect(await outboxFor(server, user.email)).toHaveLength(1);
    expect((await reset(link)).status).toBe(200);
  });

  it('does not mail a disabled account, but answers the same', async () => {
    const user = await createUser(server, { permissions: [] });
    await server.app.services.users.setActive(user.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    expect(await (await anonymous()).post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: sent,
    });
    await requestLink(await createUser(server, { permissions: [] }));
    expect(await outboxFor(server, user.email)).toEqual([]);
  });

  it('answers 422 for a malformed e-mail', async () => {
    const response = await (await anonymous()).post('/forgot-password', { email: 'no-at-sign' });
    expect(response).toMatchObject({
      status: 422,
      body: { message: 'Invalid email', errors: { email: ['Invalid email'] } },
    });
  });
});

describe('POST /reset-password', () => {
  it('sets the new password, ends every session of the user and answers the status', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const laptop = await signedIn(server, user);
    const phone = await signedIn(server, user, { remoteAddress: '10.9.0.1' });
    const link = await requestLink(user);

    const response = await reset(link);
    expect(response).toMatchObject({ status: 200, body: { status: AUTH_MESSAGES.passwordReset } });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect((await laptop.get('/user')).status).toBe(401);
    expect((await phone.get('/user')).status).toBe(401);
    expect((await server.client({ remoteAddress: '10.9.0.2' }).login(user.email, user.password)).status).toBe(
      422,
    );
    expect((await server.client().login(user.email, NEW_PASSWORD)).status).toBe(204);
  });

  it('accepts a token only once', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    expect((await reset(link)).status).toBe(200);
    const again = await reset(link, 'Another-Password-2');
    expect(again).toMatchObject({ status: 422, body: invalidToken });
    expect((await server.client().login(user.email, NEW_PASSWORD)).status).toBe(204);
  });

  it('stores only a hash of the token, valid for 60 minutes; a newer link replaces the older one', async () => {
    const user = await createUser(server, { permissions: [] });
    const older = await requestLink(user);
    const [row] = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(older.token);
    expect(row!.tokenHash).toBe(sha256Hex(older.token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);

    // A minute later the user asks again: the new link works, the older one no longer does.
    await server.database.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const newer = await requestLink(user);
    expect(newer.token).not.toBe(older.token);
    expect(await reset(older)).toMatchObject({ status: 422, body: invalidToken });
    expect((await reset(newer)).status).toBe(200);
    expect(await reset(newer, 'Yet-Another-Password-3')).toMatchObject({ status: 422, body: invalidToken });
  });

  it('accepts a token only once even when it is used twice at the same moment', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    const answers = await Promise.all([
      reset(link, 'Parallel-Password-1'),
      reset(link, 'Parallel-Password-2'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });

  it('refuses an expired token, a wrong token and a token used with another e-mail', async () => {
    const user = await createUser(server, { permissions: [] });
    const other = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    expect(await reset({ ...link, token: 'x'.repeat(43) })).toMatchObject({
      status: 422,
      body: invalidToken,
    });
    expect(await reset({ ...link, email: other.email })).toMatchObject({ status: 422, body: invalidToken });
    expect(await reset({ ...link, email: 'nobody-at-all@example.com' })).toMatchObject({
      status: 422,
      body: invalidToken,
    });

    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(await reset(link)).toMatchObject({ status: 422, body: invalidToken });
    expect((await server.client().login(user.email, user.password)).status).toBe(204);
  });

  it('answers 422 on password for a short password and for a mismatched confirmation, and keeps the token', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    const short = await reset(link, 'short');
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ password: ['Password should be at least 8 characters long'] });
    const mismatch = await reset(link, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toEqual({
      message: 'Passwords do not match',
      errors: { password: ['Passwords do not match'] },
    });
    expect((await reset(link)).status).toBe(200);
  });

  it('refuses common and breached-list passwords with a message on password, keeps the token, accepts a strong one', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    for (const common of ['password', '12345678', 'Password1', 'qwertyuiop']) {
      const refused = await reset(link, common);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        message: COMMON_PASSWORD_MESSAGE,
        errors: { password: [COMMON_PASSWORD_MESSAGE] },
      });
    }
    expect((await server.client({ remoteAddress: '10.9.2.1' }).login(user.email, 'password')).status).toBe(
      422,
    );
    expect((await reset(link, 'Quiet-Harbour-Lantern-42')).status).toBe(200);
    expect((await server.client().login(user.email, 'Quiet-Harbour-Lantern-42')).status).toBe(204);
  });

  it('the invitation link mailed by POST /users sets a first password', async () => {
    const admin = await server.signInAsAdmin();
    const email = `invited-${Date.now()}@example.com`;
    const created = await admin.post('/api/v1/users', {
      name: 'Invited Person',
      email,
      mobileNo: '+254 700 111222',
      role: 'Administrator',
    });
    expect(created.status).toBe(201);
    const [mail] = await waitFor(async () => {
      const rows = await outboxFor(server, email);
      return rows.length > 0 && rows;
    }, 'the invitation mail');
    expect(mail!.subject).toBe('Your Freight Finance account');
    const link = passwordLinkIn(mail!.body!);
    expect(link.email).toBe(email);
    // Before the password is set nobody can sign in as the new user.
    expect((await server.client({ remoteAddress: '10.9.1.1' }).login(email, NEW_PASSWORD)).status).toBe(422);
    // The first password is held to the same rule as a reset.
    expect((await reset(link, '12345678')).body.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect((await reset(link)).status).toBe(200);
    expect((await server.client().login(email, NEW_PASSWORD)).status).toBe(204);
  });
});

describe('mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let smtpServer: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    smtpServer = await createTestServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Freight Finance <no-reply@ff.test>' },
    });
  });
  afterAll(async () => {
    await smtpServer?.close();
    await sink?.stop();
  });

  it('delivers the reset link through the SMTP server named by SMTP_URL', async () => {
    const user = await createUser(smtpServer, { permissions: [] });
    const client = smtpServer.client();
    await client.csrf();
    expect(await client.post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: sent,
    });
    const mail = await waitFor(
      async () => sink.received.find((m) => m.to.includes(user.email)),
      'the mail at the SMTP sink',
    );
    expect(mail.from).toBe('no-reply@ff.test');
    expect(mail.subject).toBe('Reset your Freight Finance password');
    const link = passwordLinkIn(mail.text);
    expect(link.url.origin + link.url.pathname).toBe(`${APP_URL}/password-reset/${link.token}`);
    expect(link.email).toBe(user.email);
    // The outbox records that it left, without keeping the link.
    const [row] = await waitFor(async () => {
      const rows = await outboxFor(smtpServer, user.email);
      return rows.length > 0 && rows;
    }, 'the outbox row');
    expect(row).toMatchObject({ transport: 'smtp', body: null, error: null });

    const resetClient = smtpServer.client();
    await resetClient.csrf();
    const response = await resetClient.post('/reset-password', {
      token: link.token,
      email: link.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await smtpServer.client().login(user.email, NEW_PASSWORD)).status).toBe(204);
  });
});
