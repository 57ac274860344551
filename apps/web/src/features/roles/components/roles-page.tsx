import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DateRangeQuery, Role } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { useRoles } from '../api/get-roles';
import { AddRoleModal } from './add-role-modal';
import { rolesColumns } from './roles-columns';

const PAGE_SIZE = 100;
const getRoleRowId = (role: Role) => String(role.id);

export function RolesPage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const [addRoleOpened, addRole] = useDisclosure(false);
  const roles = useRoles(filters);

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Roles' }]} />
      <FiltersPanel onFilter={setFilters} loading={roles.isFetching} />
      {roles.isError ? (
        <ErrorAlert error={roles.error} />
      ) : (
        <DataTable
          aria-label="Roles"
          data={roles.data ?? []}
          columns={rolesColumns}
          getRowId={getRoleRowId}
          pageSize={PAGE_SIZE}
          enableExport={false}
          loading={roles.isFetching}
          toolbar={
            <Button leftSection={<IconPlus size={16} />} onClick={addRole.open}>
              Add Role
            </Button>
          }
        />
      )}
      <AddRoleModal opened={addRoleOpened} onClose={addRole.close} />
    </Stack>
  );
}
