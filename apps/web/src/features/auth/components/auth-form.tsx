import type { FormEvent, ReactNode } from 'react';
import {
  Alert,
  Button,
  PasswordInput,
  Stack,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLock, IconMail } from '@tabler/icons-react';

export type AuthFormProps = {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** True while the request runs: the button shows it. */
  loading: boolean;
  children: ReactNode;
};

/** A sign-in page's form: its fields one under the other, then a full-width submit button. */
export function AuthForm({ onSubmit, submitLabel, loading, children }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth size="md" loading={loading}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The required 'Email' field of the sign-in pages. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="you@company.com"
      required
      leftSection={<IconMail size={16} aria-hidden />}
      {...props}
    />
  );
}

/** A required password field with the lock icon. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput required leftSection={<IconLock size={16} aria-hidden />} {...props} />;
}

/**
 * A message above a sign-in form: green with role status when something went through (the reset link was
 * sent), red with role alert when the link itself is wrong.
 */
export function AuthAlert({ ok, mb, children }: { ok: boolean; mb?: 'md'; children: ReactNode }) {
  const Icon = ok ? IconCircleCheck : IconAlertTriangle;
  return (
    <Alert
      color={ok ? 'teal' : 'red'}
      variant="light"
      icon={<Icon size={18} aria-hidden />}
      mb={mb}
      role={ok ? 'status' : 'alert'}
    >
      {children}
    </Alert>
  );
}
