import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, DateRangeQuery, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** Newest first, in the order the server sends them. */
export async function getAuditLogs(filters: DateRangeQuery = {}): Promise<AuditEntry[]> {
  const response = await api.get<ListResponse<AuditEntry>>('/audits', { params: filters });
  return response.data.data;
}

export const auditLogsQueryKey = (filters: DateRangeQuery = {}) => ['audits', filters] as const;

export const getAuditLogsQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: auditLogsQueryKey(filters),
    queryFn: () => getAuditLogs(filters),
  });

export const useAuditLogs = (filters: DateRangeQuery = {}) => useQuery(getAuditLogsQueryOptions(filters));
