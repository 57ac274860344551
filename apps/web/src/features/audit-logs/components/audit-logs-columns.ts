import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AuditEntry } from '@ff/contract';
import { formatDateTime } from '@/lib/format';

const column = createColumnHelper<AuditEntry>();

export const auditLogsColumns: ColumnDef<AuditEntry, any>[] = [
  column.accessor('createdAt', { header: 'Audit Date', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('event', { header: 'Event' }),
  column.accessor('createdBy', { header: 'User' }),
  column.accessor('ipAddress', { header: 'IP Address' }),
];
