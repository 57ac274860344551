import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@ff/contract';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { api } from '@/lib/api-client';

/**
 * The dashboard's figures in one call, `GET /api/v1/dashboard` (issue 13): the server counts what awaits
 * posting per kind, so the dashboard no longer downloads whole lists to count their rows. It answers only
 * the kinds the user may view.
 */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  return (await api.get<DashboardSummary>('/dashboard')).data;
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'summary'] as const, queryFn: getDashboardSummary });

export type RecordCounts = {
  /** Each viewable kind's count of records awaiting posting; a kind the user may not view is absent. */
  counts: Partial<Record<RecordKindName, number>>;
  /** True until the figures have arrived or failed (a revisit refreshes them silently). */
  isLoading: boolean;
  error: unknown;
  /** The whole summary once it has arrived. */
  data: DashboardSummary | undefined;
};

/** The awaiting counts by kind, read from the summary. */
export function useRecordCounts(): RecordCounts {
  const { data, isPending, error } = useQuery(dashboardSummaryQueryOptions());
  const counts: Partial<Record<RecordKindName, number>> = {};
  for (const name of RECORD_KIND_NAMES) {
    const figures = data?.kinds.find((kind) => kind.kind === RECORD_KINDS_PLAIN[name].apiName);
    if (figures) counts[name] = figures.awaiting.count;
  }
  return { counts, isLoading: isPending, error, data };
}
