import { queryOptions, useQuery } from '@tanstack/react-query';
import { closedPeriodTitle, periodOfDay, type PostingPeriod } from '@ff/contract/plain';
import { getList } from '@/lib/list-query';

/**
 * SAP's posting periods (`GET /api/v1/posting-periods`, issue 11): read once per screen and kept 5 minutes,
 * as the server keeps them. The date picker disables the days of locked and closing periods; when SAP cannot
 * say (503) nothing is disabled and SAP decides on the post.
 */
export const postingPeriodsQueryOptions = queryOptions({
  queryKey: ['posting-periods'] as const,
  queryFn: () => getList<PostingPeriod>('/posting-periods'),
  staleTime: 5 * 60_000,
  retry: 1,
});

export const usePostingPeriods = () => useQuery(postingPeriodsQueryOptions);

/**
 * Day ('YYYY-MM-DD', the calendar's own form) -> why no posting may carry it ('Posting period 2026-10 is
 * locked in SAP'), or null when its period is open or unknown. Built once per list of periods.
 */
export function closedDayTitles(periods: readonly PostingPeriod[] | undefined) {
  const shut = (periods ?? []).filter((period) => period.status !== 'open');
  if (!shut.length) return () => null;
  return (day: string): string | null => closedPeriodTitle(periodOfDay(shut, day.slice(0, 10)));
}
