import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PERMISSIONS } from '@ff/contract';
import { passwordResetTokens } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.js';
import { createUser, outboxFor, passwordLinkIn, signedIn, waitFor } from '../../test/fixtures.js';
import { INVALID_TOKEN, NEW_PASSWORD, passwordResetFlow } from '../../test/password-reset-flow.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

/** Setting a password with a mailed link (asking for the link: forgot-password.int.test.ts). */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const { requestLink, reset } = passwordResetFlow(() => server);

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
    expect(again).toMatchObject({ status: 422, body: INVALID_TOKEN });
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
    expect(await reset(older)).toMatchObject({ status: 422, body: INVALID_TOKEN });
    expect((await reset(newer)).status).toBe(200);
    expect(await reset(newer, 'Yet-Another-Password-3')).toMatchObject({ status: 422, body: INVALID_TOKEN });
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
      body: INVALID_TOKEN,
    });
    expect(await reset({ ...link, email: other.email })).toMatchObject({ status: 422, body: INVALID_TOKEN });
    expect(await reset({ ...link, email: 'nobody-at-all@example.com' })).toMatchObject({
      status: 422,
      body: INVALID_TOKEN,
    });

    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect(await reset(link)).toMatchObject({ status: 422, body: INVALID_TOKEN });
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
