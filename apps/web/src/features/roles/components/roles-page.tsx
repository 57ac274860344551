import { ListPage } from '@/components/list-page';
import { useRoles } from '../api/get-roles';
import { AddRoleModal } from './add-role-modal';
import { rolesColumns } from './roles-columns';

export function RolesPage() {
  return (
    <ListPage
      title="Roles"
      tableLabel="Roles"
      useList={useRoles}
      columns={rolesColumns}
      add={{ label: 'Add Role', Modal: AddRoleModal }}
    />
  );
}
