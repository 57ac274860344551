import { describe, expect, it } from 'vitest';
import type { PostingPeriod } from '@ff/contract/plain';
import { closedDayTitles } from './posting-periods';

const period = (code: string, status: PostingPeriod['status'], to = `${code}-30`): PostingPeriod => ({
  code,
  name: code,
  from: `${code}-01`,
  to,
  status,
});

describe('closedDayTitles', () => {
  const titleOf = closedDayTitles([
    period('2026-09', 'open'),
    period('2026-10', 'locked', '2026-10-31'),
    period('2026-11', 'closed'),
  ]);

  it('names the period of a day that takes no posting, and why', () => {
    expect(titleOf('2026-10-01')).toBe('Posting period 2026-10 is locked in SAP');
    expect(titleOf('2026-10-31')).toBe('Posting period 2026-10 is locked in SAP');
    expect(titleOf('2026-11-15')).toBe('Posting period 2026-11 is closed in SAP');
  });

  it('leaves days of open periods, and days SAP defines no period for, enabled', () => {
    expect(titleOf('2026-09-30')).toBeNull();
    expect(titleOf('2026-12-01')).toBeNull();
    expect(closedDayTitles(undefined)('2026-10-01')).toBeNull();
  });
});
