import { describe, expect, it } from 'vitest';
import { isSameDateRange } from './date-range';

describe('isSameDateRange', () => {
  it('compares both ends, absent ends being equal', () => {
    expect(isSameDateRange({}, {})).toBe(true);
    expect(isSameDateRange({ fromDate: '2026-11-01' }, { fromDate: '2026-11-01', toDate: undefined })).toBe(
      true,
    );
    expect(isSameDateRange({ fromDate: '2026-11-01' }, {})).toBe(false);
    expect(isSameDateRange({ toDate: '2026-11-02' }, { toDate: '2026-11-03' })).toBe(false);
  });
});
