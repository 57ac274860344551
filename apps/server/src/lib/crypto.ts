import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacSha256Hex = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

/**
 * A 32-byte key for one purpose, derived from APP_KEY with HKDF-SHA256: keys for different purposes (the
 * audit chain's MAC, the SAP password's encryption) are unrelated, and none reveals APP_KEY.
 */
export const deriveKey = (secret: string, salt: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, salt, purpose, 32));

/** Constant-time comparison of two strings (false on different lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
