import type { ReactNode } from 'react';
import type { NotificationData, notifications } from '@mantine/notifications';

type NotificationPosition = NonNullable<NotificationData['position']>;

type ToastOptions = {
  title?: string;
  message: ReactNode;
  position?: NotificationPosition;
  /** ms; the Notifications default (4000) when absent. */
  autoClose?: number;
  id?: string;
};

/** The toast's close button needs a name of its own (Mantine's has none: axe 'button-name'). */
const CLOSE = { 'aria-label': 'Close notification' };

/** The id of the login screen's redirect toast ("Your session has ended. Please log in again."). */
export const LOGIN_REDIRECT_TOAST_ID = 'login-redirect';

let held = false;

type Toasts = typeof notifications;
let library: Promise<Toasts> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/**
 * The toast library and its container load with the first toast, not with the app: most screen loads show
 * none, and every route's first load is smaller by it (docs/benchmarks.md, bench:web). Toasts keep their order:
 * each call chains on the same import.
 */
function toasts(): Promise<Toasts> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import('@mantine/notifications').then((m) => m.notifications);
  return library;
}

/** Whether a toast was asked for yet: the app renders the toast container from then on (app/providers.tsx). */
export const toastContainerWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

let lastId = 0;
function show(data: NotificationData): string {
  const id = data.id ?? `ff-toast-${(lastId += 1)}`;
  void toasts().then((library) => library.show({ ...data, id }));
  return id;
}

/** Closes a toast shown by one of the functions below (nothing when none was ever shown). */
export function hideToast(id: string): void {
  if (library) void library.then((library) => library.hide(id));
}

/**
 * From the moment the server ends the session (a call answered 401) until the user next signs in or sends
 * a sign-in form: the calls refused on the way out would each add an "Unauthenticated." or a screen's
 * failure toast, while the login screen's redirect message already says what happened and what to do.
 */
export function holdErrorToasts(): void {
  held = true;
}

export function releaseErrorToasts(): void {
  held = false;
}

/** A red toast; the title defaults to 'Error'. Returns '' when held back (see holdErrorToasts). */
export function notifyError({ title = 'Error', ...options }: ToastOptions): string {
  if (held && options.id !== LOGIN_REDIRECT_TOAST_ID) return '';
  return show({ color: 'red', title, closeButtonProps: CLOSE, ...options });
}

/** A blue toast; the title defaults to 'Success'. */
export function notifySuccess({ title = 'Success', ...options }: ToastOptions): string {
  return show({ color: 'blue', title, closeButtonProps: CLOSE, ...options });
}

/** A yellow toast for actions that were refused on purpose; the title defaults to 'Warning'. */
export function notifyWarning({ title = 'Warning', ...options }: ToastOptions): string {
  return show({ color: 'yellow', title, closeButtonProps: CLOSE, ...options });
}
