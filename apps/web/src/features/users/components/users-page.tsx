import { ListPage } from '@/components/list-page';
import { useUsers } from '../api/get-users';
import { LazyAddUserModal, preloadAddUserModal } from './lazy-add-user-modal';
import { usersColumns } from './users-columns';
import { usersExport } from './users-export';

/** The users list's own failure text (docs/design/architecture.md section 8), not the spec's leftover transporter copy. */
export const USERS_LIST_FAILED = 'Failed to load users';

export function UsersPage() {
  return (
    <ListPage
      title="Users"
      tableLabel="Users"
      useList={useUsers}
      columns={usersColumns}
      exportOptions={usersExport}
      errorFallback={USERS_LIST_FAILED}
      add={{ label: 'Add User', Modal: LazyAddUserModal, onPreload: preloadAddUserModal }}
    />
  );
}
