import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { AuditEntry, DateRangeQuery } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { useAuditLogs } from '../api/get-audit-logs';
import { auditLogsColumns } from './audit-logs-columns';

const PAGE_SIZE = 100;
const getAuditRowId = (entry: AuditEntry) => String(entry.id);

export function AuditLogsPage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const audits = useAuditLogs(filters);

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Audit Logs' }]} />
      <FiltersPanel onFilter={setFilters} loading={audits.isFetching} />
      {audits.isError ? (
        <ErrorAlert error={audits.error} />
      ) : (
        <DataTable
          aria-label="Audit logs"
          data={audits.data ?? []}
          columns={auditLogsColumns}
          getRowId={getAuditRowId}
          pageSize={PAGE_SIZE}
          enableExport={false}
          loading={audits.isFetching}
        />
      )}
    </Stack>
  );
}
