import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { ConnectionSetting } from '@ff/contract';
import { SETTINGS_MESSAGES } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTestConnection } from '../api/test-connection';
import { useTryConnection } from '../api/try-connection';
import { useUpdateConnectionSetting } from '../api/update-connection-setting';
import {
  CONNECTION_MESSAGES,
  toConnectionBody,
  toConnectionFormErrors,
  toConnectionFormValues,
  validateConnectionForm,
  type ConnectionFormValues,
} from './connection-form';
import { SaveAnywayModal, type FailedTest } from './save-anyway-modal';

/**
 * Company DB, Username, Password; Save and Test Connection. The stored password is shown only as "saved".
 * Save tries the values against SAP first and asks before saving ones that fail (issue 12).
 */
export function ErpConnectionForm({ setting }: { setting: ConnectionSetting }) {
  const update = useUpdateConnectionSetting();
  const test = useTestConnection();
  const trial = useTryConnection();
  const [failed, setFailed] = useState<{ values: ConnectionFormValues; failure: FailedTest } | null>(null);
  const form = useForm<ConnectionFormValues>({
    initialValues: toConnectionFormValues(setting),
    validate: (values) => validateConnectionForm(values, setting.hasPassword),
  });

  const showError = (error: unknown, fallback: string) => {
    form.setErrors(toConnectionFormErrors(serverFieldErrors(error)));
    notifyError({ message: errorMessage(error, fallback) });
  };

  const store = (values: ConnectionFormValues) =>
    update.mutate(
      { id: setting.id, ...toConnectionBody(values) },
      {
        onSuccess: (updated) => {
          setFailed(null);
          form.setValues({ companyDb: updated.companyDb, username: updated.username, password: '' });
          form.resetDirty();
          notifySuccess({ message: SETTINGS_MESSAGES.saved });
        },
        onError: (error) => {
          setFailed(null);
          showError(error, CONNECTION_MESSAGES.saveFailed);
        },
      },
    );

  const save = form.onSubmit((values) =>
    trial.mutate(toConnectionBody(values), {
      onSuccess: (result) =>
        result.ok
          ? store(values)
          : setFailed({ values, failure: { state: result.state, message: result.message } }),
      onError: (error) => {
        // A 422 is the form's to show (e.g. no password saved yet); anything else still lets the user decide.
        const fields = toConnectionFormErrors(serverFieldErrors(error));
        if (Object.keys(fields).length > 0) return showError(error, CONNECTION_MESSAGES.saveFailed);
        setFailed({
          values,
          failure: {
            state: 'not-tested',
            message: errorMessage(error, CONNECTION_MESSAGES.testFailedFallback),
          },
        });
      },
    }),
  );

  const runTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate(toConnectionBody(form.getValues()), {
      onSuccess: (result) =>
        result.status === 'success'
          ? notifySuccess({ message: result.message || SETTINGS_MESSAGES.testSucceeded })
          : notifyError({ title: SETTINGS_MESSAGES.testFailed, message: result.message }),
      onError: (error) => showError(error, CONNECTION_MESSAGES.testFailedFallback),
    });
  };

  const passwordHint = setting.hasPassword ? CONNECTION_MESSAGES.passwordSaved : undefined;

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput label="Company DB" withAsterisk autoComplete="off" {...form.getInputProps('companyDb')} />
        <TextInput label="Username" withAsterisk autoComplete="off" {...form.getInputProps('username')} />
        <PasswordInput
          label="Password"
          withAsterisk={!setting.hasPassword}
          autoComplete="new-password"
          placeholder={passwordHint}
          description={passwordHint}
          {...form.getInputProps('password')}
        />
        <Group gap="sm">
          <Button type="submit" loading={trial.isPending || (update.isPending && failed === null)}>
            Save
          </Button>
          <Button variant="default" onClick={runTest} loading={test.isPending}>
            Test Connection
          </Button>
        </Group>
      </Stack>
      <SaveAnywayModal
        failure={failed?.failure ?? null}
        saving={update.isPending}
        onSave={() => failed && store(failed.values)}
        onCancel={() => setFailed(null)}
      />
    </form>
  );
}
