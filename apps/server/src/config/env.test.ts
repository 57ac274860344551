import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('METRICS_TOKEN', () => {
  it('is off when unset or empty', () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('takes a token of 16 characters or more', () => {
    expect(loadEnv({ METRICS_TOKEN: '0123456789abcdef' }).METRICS_TOKEN).toBe('0123456789abcdef');
  });

  it('stops the start-up with a sentence naming the setting when it is too short or holds spaces', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters \(e\.g\. openssl rand -hex 32\), or unset to turn \/metrics off\./,
    );
    expect(() => loadEnv({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(
      /METRICS_TOKEN: METRICS_TOKEN must be printable ASCII without spaces/,
    );
  });
});
