import type { ColumnDef } from '@tanstack/react-table';
import type { Role } from '@ff/contract';
import { createdAndStatusColumns } from '@/components/status-switch';
import { useToggleRoleStatus } from '../api/toggle-role-status';
import { RoleRowActions } from './role-row-actions';

export const ROLE_STATUS_MESSAGES = {
  updated: 'Role has been successfully updated',
  failed: 'Failed to update role status',
} as const;

/**
 * docs/spec/product-spec.md section 2; the switch stays locked until the PATCH and the list refetch have
 * finished. The Actions cell also opens the role's permissions (issue 12).
 */
export const rolesColumns: ColumnDef<Role, any>[] = [
  { accessorKey: 'name', header: 'Name' },
  ...createdAndStatusColumns<Role>({
    useToggle: useToggleRoleStatus,
    messages: ROLE_STATUS_MESSAGES,
    rowActions: (role) => <RoleRowActions role={role} />,
  }),
];
