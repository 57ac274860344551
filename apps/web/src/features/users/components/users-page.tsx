import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DateRangeQuery, User } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { useUsers } from '../api/get-users';
import { LazyAddUserModal, preloadAddUserModal } from './lazy-add-user-modal';
import { usersColumns } from './users-columns';

const PAGE_SIZE = 100;
/** The users list's own failure text (architecture.md section 8), not the spec's leftover transporter copy. */
export const USERS_LIST_FAILED = 'Failed to load users';
const getUserRowId = (user: User) => String(user.id);

export function UsersPage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const [addUserOpened, addUser] = useDisclosure(false);
  const users = useUsers(filters);

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Users' }]} />
      <FiltersPanel onFilter={setFilters} loading={users.isFetching} />
      {users.isError ? (
        <ErrorAlert error={users.error} fallback={USERS_LIST_FAILED} />
      ) : (
        <DataTable
          aria-label="Users"
          data={users.data ?? []}
          columns={usersColumns}
          getRowId={getUserRowId}
          pageSize={PAGE_SIZE}
          enableExport={false}
          loading={users.isFetching}
          toolbar={
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={addUser.open}
              onPointerEnter={preloadAddUserModal}
              onFocus={preloadAddUserModal}
            >
              Add User
            </Button>
          }
        />
      )}
      <LazyAddUserModal opened={addUserOpened} onClose={addUser.close} />
    </Stack>
  );
}
