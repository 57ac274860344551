import { TextInput } from '@mantine/core';
import { FormModal, useCreateForm, type ModalState } from '@/components/form-modal';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import {
  ADD_USER_INITIAL_VALUES,
  addUserValidation,
  toAddUserFormErrors,
  toCreateUserBody,
} from './add-user-form';
import { UserFields } from './user-fields';

export const ADD_USER_SUCCESS =
  'User has been added successfully. A link to set their password has been e-mailed to them.';
const ADD_USER_FAILED = 'Failed to add the user. Please check the details and try again.';

export type AddUserModalProps = ModalState;

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const createUser = useCreateUser();
  const roles = useRoleOptions({ enabled: opened });
  const { form, modal } = useCreateForm({
    initialValues: ADD_USER_INITIAL_VALUES,
    validate: addUserValidation,
    create: createUser,
    toBody: toCreateUserBody,
    toFormErrors: toAddUserFormErrors,
    messages: { success: ADD_USER_SUCCESS, failed: ADD_USER_FAILED },
    onClose,
  });

  return (
    <FormModal opened={opened} title="Add User" {...modal}>
      <UserFields
        form={form}
        afterName={<TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />}
        roles={roles}
        roleChoices={roles.data ?? []}
        rolePlaceholder={roles.isLoading ? 'Loading roles...' : 'Choose a role'}
      />
    </FormModal>
  );
}
