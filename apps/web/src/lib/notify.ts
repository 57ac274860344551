import type { ReactNode } from 'react';
import { notifications, type NotificationData } from '@mantine/notifications';

type NotificationPosition = NonNullable<NotificationData['position']>;

type ToastOptions = {
  title?: string;
  message: ReactNode;
  position?: NotificationPosition;
  /** ms; the Notifications default (4000) when absent. */
  autoClose?: number;
  id?: string;
};

/** A red toast; the title defaults to 'Error'. */
export function notifyError({ title = 'Error', ...options }: ToastOptions): string {
  return notifications.show({ color: 'red', title, ...options });
}

/** A blue toast; the title defaults to 'Success'. */
export function notifySuccess({ title = 'Success', ...options }: ToastOptions): string {
  return notifications.show({ color: 'blue', title, ...options });
}

/** A yellow toast for actions that were refused on purpose; the title defaults to 'Warning'. */
export function notifyWarning({ title = 'Warning', ...options }: ToastOptions): string {
  return notifications.show({ color: 'yellow', title, ...options });
}
