import { describe, expect, it } from 'vitest';
import { HttpError } from './api-client';
import { shouldRetry } from './query-retry';

const withStatus = (status: number) => new HttpError('failed', { status, data: {} });

describe('shouldRetry', () => {
  it('retries other failures up to 3 times', () => {
    expect(shouldRetry(0, withStatus(500))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new HttpError('no answer'))).toBe(true);
    expect(shouldRetry(3, withStatus(503))).toBe(false);
  });

  it('never retries 401, 403, 404 or 422', () => {
    for (const status of [401, 403, 404, 422]) expect(shouldRetry(0, withStatus(status))).toBe(false);
  });
});
