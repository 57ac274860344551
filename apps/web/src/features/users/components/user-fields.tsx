import { useCallback, type ReactNode } from 'react';
import { Group, Select, SimpleGrid, TextInput, type ComboboxItem } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CountryCodeSelect } from './country-code-select';
import type { EditUserFormValues } from './edit-user-form';

export type UserFieldsProps = {
  /** The Add User or Edit User form (Add User's adds the e-mail to these fields). */
  form: UseFormReturnType<EditUserFormValues>;
  /** Shown between the name and the mobile number (Add User's e-mail). */
  afterName?: ReactNode;
  /** The role choices' query: its failure is said where no role matches. */
  roles: { isError: boolean };
  roleChoices: ComboboxItem[];
  rolePlaceholder?: string;
};

/**
 * The fields Add User and Edit User share, with the same rules (add-user-form.ts): first and last name side
 * by side, the mobile number's country and number, and the role.
 */
export function UserFields(props: UserFieldsProps) {
  const { form, roles } = props;
  const { setFieldValue } = form;
  const onCountryChange = useCallback((code: string) => setFieldValue('mobileCode', code), [setFieldValue]);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastName')} />
      </SimpleGrid>
      {props.afterName}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <CountryCodeSelect
          value={form.values.mobileCode}
          onChange={onCountryChange}
          error={form.errors.mobileCode}
        />
        <TextInput
          label="Mobile"
          type="tel"
          placeholder="Enter valid number..."
          autoComplete="tel-national"
          withAsterisk
          style={{ flex: 1 }}
          {...form.getInputProps('mobileNo')}
        />
      </Group>
      <Select
        label="Role"
        withAsterisk
        searchable
        data={props.roleChoices}
        placeholder={props.rolePlaceholder}
        nothingFoundMessage={
          roles.isError
            ? 'The roles could not be loaded. Close and reopen this form.'
            : 'No active role matches'
        }
        allowDeselect={false}
        {...form.getInputProps('role')}
      />
    </>
  );
}
