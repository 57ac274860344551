import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Role } from '@ff/contract';
import { formatDateTime } from '@/lib/format';
import { RoleStatusSwitch } from './role-status-switch';

const column = createColumnHelper<Role>();

export const rolesColumns: ColumnDef<Role, any>[] = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('createdAt', { header: 'Created At', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('createdBy', { header: 'Created By' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <RoleStatusSwitch role={row.original} />,
  }),
];
