import { ListPage } from '@/components/list-page';
import { useRoles } from '../api/get-roles';
import { AddRoleModal } from './add-role-modal';
import { rolesColumns } from './roles-columns';
import { rolesExport } from './roles-export';

export function RolesPage() {
  return (
    <ListPage
      title="Roles"
      tableLabel="Roles"
      useList={useRoles}
      columns={rolesColumns}
      exportOptions={rolesExport}
      add={{ label: 'Add Role', Modal: AddRoleModal }}
    />
  );
}
