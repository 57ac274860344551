import { useId, useState } from 'react';
import { Button, Checkbox, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useForm } from '@mantine/form';
import { IconCalendar, IconCheck, IconCopy } from '@tabler/icons-react';
import { API_TOKEN_NAME_MAX, type CreatedApiToken, type ImportKindOption } from '@ff/contract';
import type { ModalState } from '@/components/form-modal';
import { serverFieldErrors, toFormFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { toIsoDay } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useCreateApiToken } from '../api/api-tokens';
import {
  API_TOKEN_TEXTS as T,
  EMPTY_API_TOKEN_FORM,
  toApiTokenBody,
  validateApiTokenForm,
  type ApiTokenFormValues,
} from './api-token-form';

const FIELDS = new Set<string>(['name', 'kinds', 'expiresOn']);

/**
 * "New API token": name, imports and an optional last day; then the token, shown this once with a Copy button,
 * until Done (closing forgets it: neither the form nor the request keeps it).
 */
export function ApiTokenCreateModal({
  opened,
  onClose,
  importKinds,
}: ModalState & { importKinds: ImportKindOption[] }) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const form = useForm<ApiTokenFormValues>({
    initialValues: EMPTY_API_TOKEN_FORM,
    validate: (values) => validateApiTokenForm(values),
  });
  // The calendar dropdown (role dialog) is named by its button: the popover's id base must be the input's.
  const dateId = useId();

  const close = () => {
    setCreated(null);
    form.reset();
    create.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    create.mutate(toApiTokenBody(values, importKinds), {
      onSuccess: (answer) => {
        setCreated(answer);
        form.reset();
      },
      onError: (error) => {
        const fieldErrors = toFormFieldErrors<keyof ApiTokenFormValues>(serverFieldErrors(error), (field) =>
          FIELDS.has(field) ? (field as keyof ApiTokenFormValues) : undefined,
        );
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0)
          notifyError({ message: errorMessage(error, T.createFailed) });
      },
    }),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? T.created : T.newToken}
      size="lg"
      // The token is shown once: a stray click beside the window must not throw it away.
      closeOnClickOutside={!created}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack gap="md">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={T.token}
              value={created.token}
              readOnly
              flex={1}
              miw={0}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? T.copied : T.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" role="status">
            {created.message}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close}>{T.done}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={T.newToken}>
          <Stack gap="md">
            <TextInput
              label={T.name}
              description={T.nameDescription}
              required
              maxLength={API_TOKEN_NAME_MAX + 20}
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Checkbox.Group
              label={T.kinds}
              description={T.kindsDescription}
              required
              {...form.getInputProps('kinds')}
            >
              <Stack gap="xs" mt="xs">
                {importKinds.map((kind) => (
                  <Checkbox key={kind.name} value={kind.name} label={kind.label} />
                ))}
              </Stack>
            </Checkbox.Group>
            <DatePickerInput
              id={dateId}
              popoverProps={{ id: dateId }}
              label={T.expiresOn}
              description={T.expiresOnDescription}
              placeholder="Never"
              valueFormat="DD MMM YYYY"
              previousLabel="Previous month"
              nextLabel="Next month"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the expiry date' }}
              minDate={toIsoDay(new Date())}
              leftSection={<IconCalendar size={16} aria-hidden />}
              maw={260}
              {...form.getInputProps('expiresOn')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {T.create}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
