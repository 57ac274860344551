import type { RouteCase } from './route-case.js';

const NEW_PASSWORD = 'Tarmac-Ledger-Horizon-77';

/**
 * The security cases of My Account, the security settings and the two-factor challenge (issue 12). A case's
 * caller is any signed-in user (or the administrator), so the calls that check a password or a code send a
 * wrong one and answer their 422 (the right ones are tested in modules/my-account/*.int.test.ts); none ends
 * the caller's session or turns two-factor on.
 */
export function myAccountRouteCases(): Record<string, RouteCase> {
  const answers = (url: string, status: number, body?: unknown): RouteCase => ({
    valid: async () => ({ url, status, ...(body === undefined ? {} : { body }) }),
  });
  return {
    // No sign-in is waiting for a code in the case's session: the expired-sign-in 422.
    'POST /two-factor-challenge': { ...answers('/two-factor-challenge', 422, { code: '123456' }) },
    'GET /api/v1/account': answers('/api/v1/account', 200),
    'PATCH /api/v1/account': answers('/api/v1/account', 200, {
      name: 'Route Case Holder',
      mobileNo: '+254 700 123456',
    }),
    'PUT /api/v1/account/password': answers('/api/v1/account/password', 422, {
      currentPassword: 'Not-The-Current-Password-1',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }),
    'GET /api/v1/account/sessions': answers('/api/v1/account/sessions', 200),
    'DELETE /api/v1/account/sessions/:id': answers(`/api/v1/account/sessions/${'0'.repeat(32)}`, 404),
    'POST /api/v1/account/sessions/sign-out-others': answers('/api/v1/account/sessions/sign-out-others', 200),
    'POST /api/v1/account/two-factor': answers('/api/v1/account/two-factor', 200),
    'POST /api/v1/account/two-factor/confirm': answers('/api/v1/account/two-factor/confirm', 422, {
      code: '000000',
    }),
    'DELETE /api/v1/account/two-factor': answers('/api/v1/account/two-factor', 422, {
      password: 'Not-The-Current-Password-1',
    }),
    'POST /api/v1/account/two-factor/recovery-codes': answers(
      '/api/v1/account/two-factor/recovery-codes',
      422,
      {
        password: 'Not-The-Current-Password-1',
      },
    ),
    'GET /api/v1/settings/security': answers('/api/v1/settings/security', 200),
    'PUT /api/v1/settings/security': answers('/api/v1/settings/security', 200, {
      requireTwoFactorForAdmins: false,
    }),
  };
}
