import { useDisclosure } from '@mantine/hooks';
import { ListPage } from '@/components/list-page';
import { useUsers } from '../api/get-users';
import { LazyAddUserModal, preloadAddUserModal } from './lazy-add-user-modal';
import { usersColumns } from './users-columns';

/** The users list's own failure text (architecture.md section 8), not the spec's leftover transporter copy. */
export const USERS_LIST_FAILED = 'Failed to load users';

export function UsersPage() {
  const [addUserOpened, addUser] = useDisclosure(false);
  return (
    <ListPage
      title="Users"
      tableLabel="Users"
      useList={useUsers}
      columns={usersColumns}
      errorFallback={USERS_LIST_FAILED}
      add={{ label: 'Add User', onClick: addUser.open, onPreload: preloadAddUserModal }}
    >
      <LazyAddUserModal opened={addUserOpened} onClose={addUser.close} />
    </ListPage>
  );
}
