import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_MESSAGES, PERMISSIONS } from '@ff/contract';
import { createUser, signedIn } from '../../test/fixtures.js';
import { NEW_PASSWORD, passwordResetFlow } from '../../test/password-reset-flow.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { codeOf, enrol, withRecoveryCode } from '../../test/two-factor.js';

/** Issue 21, findings 3 and 4: a pending two-factor sign-in against password changes and the throttle. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const { requestLink, reset } = passwordResetFlow(() => server);
const expired = { status: 422, body: { errors: { code: [MY_ACCOUNT_MESSAGES.challengeExpired] } } };

describe('a new password ends the pending two-factor sign-ins of the user', () => {
  it('a password reset: a right code on a sign-in that was waiting for it no longer signs in', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const { secret } = await enrol(await signedIn(server, user));
    const attacker = server.client({ remoteAddress: '10.21.3.1' });
    expect((await attacker.login(user.email, user.password)).body).toEqual({ twoFactor: true });

    expect((await reset(await requestLink(user))).status).toBe(200);
    expect(await attacker.post('/two-factor-challenge', { code: codeOf(secret) })).toMatchObject(expired);
    expect((await attacker.get('/user')).status).toBe(401);
    // The owner signs in with the new password and the same code's step is still theirs to use.
    const owner = server.client();
    expect((await owner.login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await owner.post('/two-factor-challenge', { code: codeOf(secret) })).status).toBe(204);
  });

  it('a password change in My Account: the same', async () => {
    const user = await createUser(server, { permissions: [PERMISSIONS.viewSalesInvoices] });
    const owner = await signedIn(server, user);
    const { recoveryCodes } = await enrol(owner);
    const attacker = server.client({ remoteAddress: '10.21.3.2' });
    expect((await attacker.login(user.email, user.password)).body).toEqual({ twoFactor: true });

    const changed = await owner.request({
      method: 'PUT',
      url: '/api/v1/account/password',
      body: { currentPassword: user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(await withRecoveryCode(attacker, recoveryCodes[0]!)).toMatchObject(expired);
    expect((await attacker.get('/user')).status).toBe(401);
    expect((await owner.get('/api/v1/account')).body.recoveryCodesLeft).toBe(10);
  });
});

describe('successful two-factor sign-ins do not count against the limits', () => {
  it('25 sign-ins with a recovery code to one account from one address all succeed', async () => {
    const user = await createUser(server, { permissions: [] });
    const owner = await signedIn(server, user);
    let { recoveryCodes: codes } = await enrol(owner);
    for (let i = 0; i < 25; i += 1) {
      if (codes.length === 0) {
        const renewed = await owner.post('/api/v1/account/two-factor/recovery-codes', {
          password: user.password,
        });
        expect(renewed.status).toBe(200);
        codes = renewed.body.recoveryCodes;
      }
      const client = server.client({ remoteAddress: '10.21.4.1' });
      expect((await client.login(user.email, user.password)).status, `sign-in ${i + 1}`).toBe(200);
      expect((await withRecoveryCode(client, codes.pop()!)).status, `sign-in ${i + 1}`).toBe(204);
    }
  });
});
