import { Text } from '@mantine/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { AuditEntry } from '@ff/contract';
import type { ExportOptions } from '@/lib/export/export-columns';
import { NOT_AVAILABLE } from '@/lib/format';

const column = createColumnHelper<AuditEntry>();

/**
 * The Audit Date as the server sends it, 'yyyy-MM-dd HH:mm:ss' in the application's time zone: to the second,
 * since several events of one minute (a sign-in, a post, a refusal) must be told apart and ordered.
 */
export const auditDate = (value: string | null | undefined) => value || NOT_AVAILABLE;

/** The column ids are the server's sort fields (contract AUDIT_SORT_FIELDS). */
export const auditLogsColumns: ColumnDef<AuditEntry, any>[] = [
  column.accessor('createdAt', { header: 'Audit Date', cell: (info) => auditDate(info.getValue()) }),
  column.accessor('event', { header: 'Event' }),
  column.accessor('createdBy', {
    header: 'User',
    // The name is the user's own choice (anyone may call themselves "Administrator"): the account's e-mail says who.
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.createdByEmail && (
          <Text component="span" display="block" size="xs" c="dimmed">
            {info.row.original.createdByEmail}
          </Text>
        )}
      </>
    ),
  }),
  column.accessor('ipAddress', { header: 'IP Address' }),
];

/** The Export menu's file: the columns of the screen, the date with its seconds. */
export const auditLogsExportColumns: ExportOptions<AuditEntry>['columns'] = [
  { header: 'Audit Date', type: 'datetime', value: (e) => e.createdAt },
  { header: 'Event', value: (e) => e.event },
  { header: 'User', value: (e) => e.createdBy },
  { header: 'User E-mail', value: (e) => e.createdByEmail ?? '' },
  { header: 'IP Address', value: (e) => e.ipAddress },
];
