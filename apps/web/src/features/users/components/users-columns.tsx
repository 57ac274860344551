import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { User } from '@ff/contract';
import { formatDateTime } from '@/lib/format';
import { UserStatusSwitch } from './user-status-switch';

const column = createColumnHelper<User>();

export const usersColumns: ColumnDef<User, any>[] = [
  column.accessor('name', { header: 'Full Name' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('mobileNo', { header: 'Mobile' }),
  column.accessor('role', { header: 'Role' }),
  column.accessor('createdAt', { header: 'Created At', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('createdBy', { header: 'Created By' }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => <UserStatusSwitch user={row.original} />,
  }),
];
