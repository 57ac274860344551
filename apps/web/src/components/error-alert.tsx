import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { httpStatus, serverMessage } from '../lib/api-client';
import { CONTACT_SUPPORT, UNEXPECTED_ERROR } from '../lib/messages';

export type ErrorAlertProps = {
  /** The failure (an HttpError from lib/api-client or anything else). */
  error: unknown;
  /** Forces the 'Access Denied' title whatever the status (the transporter screen does this). */
  accessDenied?: boolean;
  /** The body when the server sent no message; 'An unexpected error occurred.' unless a screen has its own. */
  fallback?: string;
};

/** 'Access Denied' on a 403 (or when forced), else 'Error'. */
export function errorAlertTitle(error: unknown, accessDenied = false): string {
  return accessDenied || httpStatus(error) === 403 ? 'Access Denied' : 'Error';
}

/** The red alert that replaces a screen's content when its data failed to load. */
export function ErrorAlert({ error, accessDenied = false, fallback = UNEXPECTED_ERROR }: ErrorAlertProps) {
  const title = errorAlertTitle(error, accessDenied);
  const Icon = title === 'Access Denied' ? IconLock : IconAlertTriangle;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      title={title}
      icon={<Icon size={20} aria-hidden />}
      role="alert"
    >
      <Text size="sm">{serverMessage(error) ?? fallback}</Text>
      <Text size="sm" mt={4}>
        {CONTACT_SUPPORT}
      </Text>
    </Alert>
  );
}
