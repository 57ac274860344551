import { useQuery } from '@tanstack/react-query';
import type { AuditEntry, DateRangeQuery } from '@ff/contract';
import { getList } from '@/lib/list-query';

/** Newest first, in the order the server sends them. */
export const getAuditLogs = (filters: DateRangeQuery = {}) => getList<AuditEntry>('/audits', filters);

export const auditLogsQueryKey = (filters: DateRangeQuery = {}) => ['audits', filters] as const;

export const useAuditLogs = (filters: DateRangeQuery = {}) =>
  useQuery({ queryKey: auditLogsQueryKey(filters), queryFn: () => getAuditLogs(filters) });
