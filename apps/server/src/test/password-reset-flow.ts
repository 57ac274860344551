import { expect } from 'vitest';
import { AUTH_MESSAGES } from '@ff/contract';
import { outboxFor, passwordLinkIn, waitFor, type TestUser } from './fixtures.js';
import type { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

/** The answer to POST /forgot-password, whoever the e-mail belongs to. */
export const RESET_LINK_SENT = { status: AUTH_MESSAGES.resetLinkSent };
/** The answer to a reset with a token that is wrong, used, expired or another user's. */
export const INVALID_TOKEN = {
  message: AUTH_MESSAGES.resetTokenInvalid,
  errors: { email: [AUTH_MESSAGES.resetTokenInvalid] },
};
/** The password the password-reset suites set. */
export const NEW_PASSWORD = 'Brand-New-Password-1';

/**
 * The steps of a password reset as a browser takes them, against the server `server()` answers when called
 * (suites create it in beforeAll): an anonymous client, asking for the link, and setting a password with it.
 */
export function passwordResetFlow(server: () => TestServer) {
  async function anonymous(): Promise<TestClient> {
    const client = server().client();
    await client.csrf();
    return client;
  }

  /** Asks for a reset link and answers the link from the mail that arrives in the outbox. */
  async function requestLink(user: TestUser) {
    const before = (await outboxFor(server(), user.email)).length;
    const response = await (await anonymous()).post('/forgot-password', { email: user.email });
    expect(response).toMatchObject({ status: 200, body: RESET_LINK_SENT });
    const mails = await waitFor(async () => {
      const rows = await outboxFor(server(), user.email);
      return rows.length > before && rows;
    }, `the reset mail to ${user.email}`);
    return passwordLinkIn(mails.at(-1)!.body!);
  }

  /** POST /reset-password with the link's token and e-mail. */
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

  return { anonymous, requestLink, reset };
}
