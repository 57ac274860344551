import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks.js';

describe('advisory lock ids', () => {
  it('are distinct, so no two features wait on (or deadlock over) the same lock', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
