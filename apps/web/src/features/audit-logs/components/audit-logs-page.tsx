import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import type { AuditEntry } from '@ff/contract';
import { DataTable, type ServerPaging } from '@/components/data-table/data-table';
import { FilteredList } from '@/components/filtered-list';
import { PageHeader } from '@/components/page-header';
import type { ExportOptions } from '@/lib/export/export-columns';
import { pageQuery } from '@/lib/list-query';
import { useListUrlState } from '@/lib/url-state';
import {
  getAllAuditLogs,
  useAuditActors,
  useAuditEventTypes,
  useAuditLogPage,
  type AuditFilters,
} from '../api/get-audit-logs';
import { SCREEN_KEY, useAuditFilterParams } from '../hooks/use-audit-filter-params';
import { AuditFilterSelects } from './audit-filter-selects';
import { auditLogsColumns, auditLogsExportColumns } from './audit-logs-columns';

const PAGE_SIZE = 100;
const getRowId = (row: { id: number }) => String(row.id);

/**
 * Audit Logs (docs/spec/product-spec.md section 2): date filters; Audit Date (to the second), Event, User, IP
 * Address; 100 rows per page. Issue 12 adds the User and Event type filters and a search on the server (it
 * covers the trip numbers the posting lines name), and Export of every filtered row. The filters, search,
 * sort and page are in the URL and remembered per user.
 */
export function AuditLogsPage() {
  const state = useListUrlState(SCREEN_KEY);
  const { filters: chosen, setUser, setEvent } = useAuditFilterParams();
  const { fromDate, toDate } = state.filters;
  const { userId, event } = chosen;
  const filters = useMemo<AuditFilters>(
    () => ({
      ...(fromDate ? { fromDate } : {}),
      ...(toDate ? { toDate } : {}),
      ...(userId !== undefined ? { userId } : {}),
      ...(event ? { event } : {}),
    }),
    [fromDate, toDate, userId, event],
  );
  const [sorted] = state.sorting;
  const query = pageQuery({
    pageIndex: state.pageIndex,
    pageSize: PAGE_SIZE,
    sort: sorted && { field: sorted.id, desc: sorted.desc },
    search: state.appliedSearch,
  });
  const list = useAuditLogPage(filters, query);
  const actors = useAuditActors(list.isSuccess);
  const eventTypes = useAuditEventTypes(list.isSuccess);

  const { sort, search } = query;
  const exportOptions = useMemo<ExportOptions<AuditEntry>>(
    () => ({
      fileName: 'audit-logs',
      columns: auditLogsExportColumns,
      loadRows: () => getAllAuditLogs(filters, { ...(sort ? { sort } : {}), ...(search ? { search } : {}) }),
    }),
    [filters, sort, search],
  );
  const total = list.data?.meta.total ?? null;
  const { control } = state;
  const server = useMemo<ServerPaging>(() => ({ ...control, total, selectedCount: 0 }), [control, total]);

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Audit Logs' }]} />
      <FilteredList filters={state.filters} onFilter={state.setFilters} list={list}>
        <DataTable
          aria-label="Audit logs"
          data={list.data?.data ?? []}
          columns={auditLogsColumns}
          getRowId={getRowId}
          pageSize={PAGE_SIZE}
          exportOptions={exportOptions}
          server={server}
          loading={list.isFetching}
          toolbar={
            <AuditFilterSelects
              actors={actors.data}
              eventTypes={eventTypes.data}
              userId={userId}
              event={event}
              onUserChange={setUser}
              onEventChange={setEvent}
            />
          }
        />
      </FilteredList>
    </Stack>
  );
}
