import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (the SAP password) with AES-256-GCM under a key derived from
 * APP_KEY with HKDF-SHA256. `purpose` is both the HKDF info and the GCM associated data, so a value sealed
 * for one use cannot be opened as another. Sealed text: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';
const SALT = 'freight-finance/secret-box';
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

export type SecretBox = {
  seal(plaintext: string): string;
  /** Throws SecretBoxError when the text was sealed under another APP_KEY or altered. */
  open(sealed: string): string;
};

export function createSecretBox(appKey: string | undefined, purpose: string): SecretBox {
  let key: Buffer | undefined;
  const keyOf = () => {
    if (!appKey)
      throw new SecretBoxError('APP_KEY is not set, so stored secrets cannot be encrypted or read.');
    key ??= Buffer.from(hkdfSync('sha256', appKey, SALT, purpose, 32));
    return key;
  };
  const aad = Buffer.from(purpose, 'utf8');

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, extra] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined || extra !== undefined) {
        throw new SecretBoxError('The stored secret is not in a format this server can read.');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(aad);
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch (error) {
        if (error instanceof SecretBoxError) throw error;
        throw new SecretBoxError(
          'The stored secret cannot be decrypted: APP_KEY has changed since it was saved, or the value was altered.',
        );
      }
    },
  };
}
