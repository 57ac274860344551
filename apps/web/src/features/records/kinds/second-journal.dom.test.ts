import { describe, expect, it } from 'vitest';
import { appliedMessage } from '@/features/records/posting/apply-to-rows';
import secondJournal from './second-journal';

describe("'Apply to rows' on Post Second JE", () => {
  it("names a row's first journal posting date as why it kept its values, not its document date (issue 26, item 6)", () => {
    expect(appliedMessage({ applied: 0, selected: 0, skipped: 1 }, secondJournal.bulk?.tooEarly)).toBe(
      "Applied to 0 rows; 0 selected. 1 row kept its values: the posting date is before its first journal's posting date.",
    );
  });
});
