import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateRole } from '../api/create-role';
import { usePermissions } from '../api/get-permissions';
import {
  ADD_ROLE_INITIAL_VALUES,
  toAddRoleFormErrors,
  toCreateRoleBody,
  validateAddRoleForm,
  type AddRoleFormValues,
} from './add-role-form';

export const ADD_ROLE_SUCCESS = 'Role has been added successfully';
const ADD_ROLE_FAILED = 'Failed to add the role. Please check the details and try again.';

interface AddRoleModalProps {
  opened: boolean;
  onClose: () => void;
}

export function AddRoleModal({ opened, onClose }: AddRoleModalProps) {
  const createRole = useCreateRole();
  const permissions = usePermissions({ enabled: opened });
  const form = useForm<AddRoleFormValues>({
    initialValues: ADD_ROLE_INITIAL_VALUES,
    validate: validateAddRoleForm,
  });

  const close = () => {
    form.reset();
    createRole.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    createRole.mutate(toCreateRoleBody(values), {
      onSuccess: () => {
        notifySuccess({ message: ADD_ROLE_SUCCESS });
        close();
      },
      onError: (error) => {
        const fieldErrors = toAddRoleFormErrors(serverFieldErrors(error));
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          notifyError({ message: errorMessage(error, ADD_ROLE_FAILED) });
        }
      },
    }),
  );

  const permissionNames = (permissions.data ?? []).map((permission) => permission.name);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Role"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Role Name" withAsterisk {...form.getInputProps('name')} />
          <MultiSelect
            label="Permissions"
            withAsterisk
            searchable
            clearable
            hidePickedOptions
            data={permissionNames}
            placeholder={permissions.isLoading ? 'Loading permissions...' : 'Choose permissions'}
            nothingFoundMessage={
              permissions.isError
                ? 'The permissions could not be loaded. Close and reopen this form.'
                : 'No permission matches'
            }
            {...form.getInputProps('permissions')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={createRole.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
