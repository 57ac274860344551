import { describe, expect, it } from 'vitest';
import { appliedMessage } from './apply-to-rows';

describe("what 'Apply to rows' says", () => {
  it('counts the rows changed and selected, and names why the others kept their values', () => {
    expect(appliedMessage({ applied: 3, selected: 3, skipped: 0 })).toBe('Applied to 3 rows; 3 selected.');
    expect(appliedMessage({ applied: 1, selected: 0, skipped: 1 })).toBe(
      'Applied to 1 row; 0 selected. 1 row kept its values: the posting date is before its document date.',
    );
    expect(appliedMessage({ applied: 0, selected: 0, skipped: 2 })).toBe(
      'Applied to 0 rows; 0 selected. 2 rows kept their values: the posting date is before their document date.',
    );
  });
});
