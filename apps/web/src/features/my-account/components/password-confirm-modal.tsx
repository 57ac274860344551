import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { PasswordOnlyBody } from '@ff/contract';
import { AUTH_FIELD_MESSAGES } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';

export type PasswordConfirmModalProps<R> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  color?: 'red';
  mutation: UseMutationResult<R, Error, PasswordOnlyBody>;
  onDone: (answer: R) => void;
};

/** Asks for the password before a two-factor change (turn off, new recovery codes); its error under the field. */
export function PasswordConfirmModal<R>({
  opened,
  onClose,
  title,
  description,
  confirmLabel,
  color,
  mutation,
  onDone,
}: PasswordConfirmModalProps<R>) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setPassword('');
    setError(undefined);
    mutation.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(AUTH_FIELD_MESSAGES.passwordRequired);
      return;
    }
    mutation.mutate(
      { password },
      {
        onSuccess: (answer) => {
          close();
          onDone(answer);
        },
        onError: (failure) => {
          const onField = serverFieldErrors(failure).password;
          if (onField) setError(onField);
          else notifyError({ message: errorMessage(failure) });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{description}</Text>
          <PasswordInput
            label="Your password"
            required
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={mutation.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
