import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { updateAccountBody, type AccountProfile, type UpdateAccountBody } from '@ff/contract';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateAccount } from '../api/account';

export const PROFILE_SAVED = 'Your profile has been saved.';
const PROFILE_FAILED = 'Your profile could not be saved. Please try again.';

/** Name and mobile number, editable; e-mail and role shown read-only (an administrator changes those). */
export function ProfileSection({ account }: { account: AccountProfile }) {
  const update = useUpdateAccount();
  const form = useForm<UpdateAccountBody>({
    initialValues: { name: account.name, mobileNo: account.mobileNo },
    validate: schemaResolver(updateAccountBody, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), mobileNo: values.mobileNo.trim() },
      {
        onSuccess: (saved) => {
          form.setInitialValues({ name: saved.name, mobileNo: saved.mobileNo });
          form.setValues({ name: saved.name, mobileNo: saved.mobileNo });
          notifySuccess({ message: PROFILE_SAVED });
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          form.setErrors({ name: fields.name, mobileNo: fields.mobileNo });
          if (!fields.name && !fields.mobileNo) notifyError({ message: errorMessage(error, PROFILE_FAILED) });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          value={account.email}
          readOnly
          description="Ask an administrator to change your e-mail address."
        />
        <TextInput
          label="Mobile number"
          required
          type="tel"
          autoComplete="tel"
          {...form.getInputProps('mobileNo')}
        />
        <TextInput label="Role" value={account.role} readOnly />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
          Save profile
        </Button>
      </Group>
    </form>
  );
}
