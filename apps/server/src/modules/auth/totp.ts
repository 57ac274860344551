import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '../../lib/crypto.js';

/** TOTP as authenticator apps expect it: SHA1, 6 digits, 30-second steps (RFC 6238). */
const ISSUER = 'Freight Finance';
const PERIOD = 30;
/** A code of the step before or after is accepted too (clocks drift). */
const WINDOW = 1;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits), in base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secretBase32: string, email: string) => totpOf(secretBase32, email).toString();

/** The time step of `code` when it is valid now (within the window), else null. */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the hash of its letters and digits, whatever the case or dashes typed. */
export const recoveryCodeHash = (code: string) => sha256Hex(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
