import { describe, expect, it } from 'vitest';
import { noRateTitles, rateDaysRange } from './rate-days';

describe('rateDaysRange', () => {
  const now = new Date(2026, 10, 29, 9, 0);

  it('runs from the document day to today', () => {
    expect(rateDaysRange('2026-11-20 08:15:00', now)).toEqual({ from: '2026-11-20', to: '2026-11-29' });
  });

  it('goes back at most 62 days (today included), however old the document', () => {
    expect(rateDaysRange('2026-01-05 08:15:00', now)).toEqual({ from: '2026-09-29', to: '2026-11-29' });
  });
});

describe('noRateTitles', () => {
  it("titles a day SAP has no rate for with the server's sentence, and no other day", () => {
    const titleOf = noRateTitles({
      currency: 'USD',
      local: false,
      days: [
        { day: '2026-11-26', rate: '129.4' },
        { day: '2026-11-27', rate: null },
      ],
    });
    expect(titleOf('2026-11-27')).toBe(
      "No USD rate for 2026-11-27 in SAP: enter it in SAP's exchange rates first.",
    );
    expect(titleOf('2026-11-26')).toBeNull();
    expect(titleOf('2026-11-28')).toBeNull();
  });

  it('titles nothing before an answer, or for the local currency', () => {
    expect(noRateTitles(undefined)('2026-11-27')).toBeNull();
    expect(noRateTitles({ currency: 'KES', local: true, days: [] })('2026-11-27')).toBeNull();
  });
});
