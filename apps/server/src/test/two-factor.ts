import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestClient } from './test-client.js';

const STEP_MS = 30_000;

/** A code of the authenticator app for `secret`, `steps` time steps from now. */
export const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });

/** Waits out the last seconds of a time step, so codes made for "one step ago" stay inside the ±1 window. */
export async function awayFromStepEdge() {
  const into = Date.now() % STEP_MS;
  if (into > STEP_MS - 4_000) await new Promise((resolve) => setTimeout(resolve, STEP_MS - into + 200));
}

/**
 * Enrols the client's user through My Account (the code of one step ago confirms it, so the current one is
 * still unused for a sign-in); `password` is sent when given (needed where two-factor is required). Answers
 * the secret and the recovery codes.
 */
export async function enrol(client: TestClient, password?: string) {
  await awayFromStepEdge();
  const started = await client.post('/api/v1/account/two-factor');
  expect(started.status).toBe(200);
  const confirmed = await client.post('/api/v1/account/two-factor/confirm', {
    code: codeOf(started.body.secret, -1),
    ...(password === undefined ? {} : { password }),
  });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Completes a pending sign-in (after POST /login answered `{twoFactor: true}`) with a recovery code. */
export const withRecoveryCode = (client: TestClient, recoveryCode: string) =>
  client.post('/two-factor-challenge', { recoveryCode });
