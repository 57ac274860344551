import { createPostingDateResolver } from '../../../../lib/posting-date.js';

/**
 * A second journal moves what its first journal accrued, so it may not be dated before it (issue 11): a
 * sentence naming the first journal's posting day when the picked day is earlier, else null. A date the
 * resolver refuses (future, before the document) is left to the claim's own check, which answers it first.
 */
export function secondJournalDateProblem(
  row: { documentDate: Date; fjPostingDate: string | null },
  postingDate: string,
  timeZone: string,
): string | null {
  if (!row.fjPostingDate) return null;
  const resolved = createPostingDateResolver(timeZone)(postingDate, row.documentDate);
  if ('error' in resolved || resolved.day >= row.fjPostingDate) return null;
  return (
    `its posting date ${resolved.day} is before its first journal's posting date ${row.fjPostingDate}; ` +
    `pick ${row.fjPostingDate} or later.`
  );
}
