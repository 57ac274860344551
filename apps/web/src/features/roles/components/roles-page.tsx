import { useDisclosure } from '@mantine/hooks';
import { ListPage } from '@/components/list-page';
import { useRoles } from '../api/get-roles';
import { AddRoleModal } from './add-role-modal';
import { rolesColumns } from './roles-columns';

export function RolesPage() {
  const [addRoleOpened, addRole] = useDisclosure(false);
  return (
    <ListPage
      title="Roles"
      tableLabel="Roles"
      useList={useRoles}
      columns={rolesColumns}
      add={{ label: 'Add Role', onClick: addRole.open }}
    >
      <AddRoleModal opened={addRoleOpened} onClose={addRole.close} />
    </ListPage>
  );
}
