import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { randomToken, safeEqual } from '../../lib/crypto.js';

/**
 * The CSRF token of a visitor who has not signed in, without a session row: the session cookie carries a
 * random nonce (`anon.<nonce>`, HttpOnly), and the XSRF token is an HMAC of that nonce under a key derived
 * from APP_KEY. Only someone who can read the visitor's cookie can produce the matching header, which is what
 * the session-stored token guaranteed; every API process holding the same APP_KEY verifies it.
 * Signing in rotates to a real session with a stored token (session.repository.ts).
 */
const PREFIX = 'anon.';
const NONCE = /^[A-Za-z0-9_-]{43}$/;

export function createAnonymousCsrf(appKey: string | undefined) {
  // Without APP_KEY (only in throwaway setups) a per-process key still protects, until the process restarts.
  const key = Buffer.from(
    hkdfSync('sha256', appKey ?? randomBytes(32), 'freight-finance/anonymous-csrf', 'xsrf-token', 32),
  );
  const tokenFor = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');

  return {
    /** The nonce of an anonymous session cookie, or null when the cookie is not one. */
    nonceOf(cookie: string | undefined): string | null {
      if (!cookie?.startsWith(PREFIX)) return null;
      const nonce = cookie.slice(PREFIX.length);
      return NONCE.test(nonce) ? nonce : null;
    },

    /** A new anonymous pair, or the same pair again for a visitor who already holds a nonce. */
    issue(existingNonce: string | null = null): { token: string; csrfToken: string } {
      const nonce = existingNonce ?? randomToken(32);
      return { token: `${PREFIX}${nonce}`, csrfToken: tokenFor(nonce) };
    },

    /** Constant-time check of the X-XSRF-TOKEN header against the nonce's MAC. */
    verify(nonce: string, sent: string): boolean {
      return safeEqual(sent, tokenFor(nonce));
    },
  };
}

export type AnonymousCsrf = ReturnType<typeof createAnonymousCsrf>;
