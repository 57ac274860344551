import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuditActor,
  AuditEntry,
  AuditEventType,
  DateRangeQuery,
  ListResponse,
  PageResponse,
} from '@ff/contract';
import { api } from '@/lib/api-client';
import { getList, type PageQuery } from '@/lib/list-query';

/** What the audit log is filtered by besides the dates: the user (id) and the event type. */
export type AuditFilters = DateRangeQuery & { userId?: number; event?: AuditEventType };

/** Newest first, in the order the server sends them: the spec's full array (`GET /audits`). */
export const getAuditLogs = (filters: AuditFilters = {}) => getList<AuditEntry>('/audits', filters);

/** Every row of the filtered, searched and sorted log (the full array, no paging): what Export writes. */
export const getAllAuditLogs = (filters: AuditFilters, query: Omit<PageQuery, 'page' | 'perPage'>) =>
  getList<AuditEntry>('/audits', { ...filters, ...query });

export const auditLogsQueryKey = (filters: AuditFilters = {}) => ['audits', filters] as const;

/** One page of the filtered log and the total matching; the previous page stays while the next loads. */
export const useAuditLogPage = (filters: AuditFilters, query: PageQuery) =>
  useQuery({
    queryKey: [...auditLogsQueryKey(filters), query] as const,
    queryFn: async () =>
      (await api.get<PageResponse<AuditEntry>>('/audits', { params: { ...filters, ...query } })).data,
    placeholderData: keepPreviousData,
  });

/** The User filter's options (`GET /audits/actors`), once the log itself has answered. */
export const useAuditActors = (enabled: boolean) =>
  useQuery({
    queryKey: ['audits', 'actors'],
    queryFn: async () => (await api.get<ListResponse<AuditActor>>('/audits/actors')).data.data,
    enabled,
    staleTime: 60_000,
  });

/** The Event type filter's options (`GET /audits/event-types`), once the log itself has answered. */
export const useAuditEventTypes = (enabled: boolean) =>
  useQuery({
    queryKey: ['audits', 'event-types'],
    queryFn: async () => (await api.get<ListResponse<AuditEventType>>('/audits/event-types')).data.data,
    enabled,
    staleTime: Infinity,
  });
