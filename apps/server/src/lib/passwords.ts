import { hash, verify } from '@node-rs/argon2';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ValidationFailed } from './errors.js';

/** argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Computes the dummy hash ahead of the first sign-in, so that even the first attempt for an unknown
 * e-mail costs one hash, like every other attempt.
 */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-constant-time');
  return dummyHash;
}

/**
 * Verifies a password; with no stored hash it still spends the same work on a dummy hash so the answer
 * time does not reveal whether the account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await prepareDummyHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Choose a longer one that is not a common word, name or pattern.';

let strengthReady = false;

/**
 * Refuses passwords found in (or close to) the lists of the most common and breached passwords, and those
 * made of keyboard walks, repeats or sequences: zxcvbn's estimate below 10^6 guesses (score 0 or 1), what an
 * online guesser gets through quickly. The 8-character minimum stays with the request schema (the spec's rule
 * and message); this check comes on top of it wherever a password is set.
 */
export function passwordProblem(password: string): string | undefined {
  if (!strengthReady) {
    // Building the ranked dictionaries takes a moment: done once, on the first password set.
    zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });
    strengthReady = true;
  }
  // zxcvbn's cost grows with length; past 64 characters a password is long enough to judge by its start.
  return zxcvbn(password.slice(0, 64)).score < 2 ? COMMON_PASSWORD_MESSAGE : undefined;
}

/** Throws the 422 naming `field` when the password is too common (see passwordProblem). */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw ValidationFailed.field(field, problem);
}
