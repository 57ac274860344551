import { hash, verify } from '@node-rs/argon2';

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
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await prepareDummyHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
