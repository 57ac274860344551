import type { FormEvent, ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, type FormValidateInput } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';

/** A modal's state as its screen holds it. */
export type ModalState = { opened: boolean; onClose: () => void };

export type FormModalProps = ModalState & {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** True while the request runs: the Submit button shows it. */
  loading: boolean;
  /** The fields, one under the other. */
  children: ReactNode;
};

/** The add-user and add-role modals' frame: a form of fields and 'Submit' at the bottom right. */
export function FormModal({ opened, onClose, title, onSubmit, loading, children }: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={loading}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export type CreateFormOptions<V, B> = {
  /** The form's values when it opens, and again after each close. */
  initialValues: V;
  validate: FormValidateInput<V>;
  create: UseMutationResult<unknown, Error, B>;
  toBody: (values: V) => B;
  /** Server field errors (422) -> the form's fields; those it places are not toasted. */
  toFormErrors: (serverErrors: Record<string, string>) => Partial<Record<keyof V, string>>;
  messages: { success: string; failed: string };
  onClose: () => void;
};

/**
 * A create form and its modal's wiring (`modal`: spread it on `FormModal`): success toasts and closes (the
 * form and the request reset), a failure puts the server's field errors on their fields, or toasts its
 * message when none fits a field.
 */
export function useCreateForm<V extends Record<string, any>, B>({
  initialValues,
  validate,
  create,
  toBody,
  toFormErrors,
  messages,
  onClose,
}: CreateFormOptions<V, B>) {
  const form = useForm<V>({ initialValues, validate });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(toBody(values), {
      onSuccess: () => {
        notifySuccess({ message: messages.success });
        close();
      },
      onError: (error) => {
        const fieldErrors = toFormErrors(serverFieldErrors(error));
        form.setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          notifyError({ message: errorMessage(error, messages.failed) });
        }
      },
    }),
  );
  return { form, modal: { onClose: close, onSubmit: submit, loading: create.isPending } };
}
