import { Group } from '@mantine/core';
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
  ...createdAndStatusColumns<Role>({ useToggle: useToggleRoleStatus, messages: ROLE_STATUS_MESSAGES }).map(
    (column): ColumnDef<Role, any> =>
      column.id === 'actions'
        ? {
            ...column,
            cell: (context) => (
              <Group gap="xs" wrap="nowrap">
                {typeof column.cell === 'function' ? column.cell(context) : null}
                <RoleRowActions role={context.row.original} />
              </Group>
            ),
          }
        : column,
  ),
];
