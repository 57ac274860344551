import type { ColumnDef } from '@tanstack/react-table';
import type { User } from '@ff/contract';
import { createdAndStatusColumns } from '@/components/status-switch';
import { useToggleUserStatus } from '../api/toggle-user-status';
import { UserRowActions } from './user-row-actions';

export const USER_STATUS_MESSAGES = {
  updated: 'User status updated successfully',
  failed: 'Failed to update user status',
} as const;

/**
 * docs/spec/product-spec.md section 2's first column set; the switch locks while its PATCH runs. The Actions
 * cell also holds the row's menu (Edit, Resend invitation: issue 12).
 */
export const usersColumns: ColumnDef<User, any>[] = [
  { accessorKey: 'name', header: 'Full Name' },
  { accessorKey: 'email', header: 'Email' },
  { accessorKey: 'mobileNo', header: 'Mobile' },
  { accessorKey: 'role', header: 'Role' },
  ...createdAndStatusColumns<User>({
    useToggle: useToggleUserStatus,
    messages: USER_STATUS_MESSAGES,
    rowActions: (user) => <UserRowActions user={user} />,
  }),
];
