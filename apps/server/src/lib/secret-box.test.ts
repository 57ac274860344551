import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box.js';

const KEY = 'k'.repeat(40);

describe('secret box', () => {
  it('round-trips, and never produces the same text twice', () => {
    const box = createSecretBox(KEY, 'sap-password');
    const a = box.seal('B1Admin!');
    const b = box.seal('B1Admin!');
    expect(a).not.toBe(b);
    expect(a).not.toContain('B1Admin');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(a)).toBe('B1Admin!');
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('pässwörd ✓'))).toBe('pässwörd ✓');
  });

  it('refuses another APP_KEY, another purpose, and altered text', () => {
    const sealed = createSecretBox(KEY, 'sap-password').seal('secret');
    expect(() => createSecretBox('z'.repeat(40), 'sap-password').open(sealed)).toThrow(/APP_KEY has changed/);
    expect(() => createSecretBox(KEY, 'other').open(sealed)).toThrow(SecretBoxError);
    const [v, iv, tag, ct] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      createSecretBox(KEY, 'sap-password').open([v, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow(SecretBoxError);
    expect(() => createSecretBox(KEY, 'sap-password').open([v, iv, tag.slice(0, 8), ct].join('.'))).toThrow(
      SecretBoxError,
    );
    expect(() => createSecretBox(KEY, 'sap-password').open('plaintext')).toThrow(/format/);
  });

  it('fails on use, not on creation, without APP_KEY', () => {
    const box = createSecretBox(undefined, 'sap-password');
    expect(() => box.seal('x')).toThrow(/APP_KEY is not set/);
  });
});
