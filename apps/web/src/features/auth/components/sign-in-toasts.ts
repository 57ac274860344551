import { hideToast, notifyError } from '@/lib/notify';

type SignInToast = Parameters<typeof notifyError>[0];

/** The red toasts of the sign-in screen still open (a failed attempt, the guard's redirect message). */
const open = new Set<string>();

/** A red toast of the sign-in screen; `clearSignInToasts` closes it once the user is in. */
export function notifySignInError(toast: SignInToast): string {
  const id = notifyError(toast);
  if (id) open.add(id);
  return id;
}

/** Closes the sign-in screen's toasts: a failure from before must not sit over the user menu once signed in. */
export function clearSignInToasts(): void {
  for (const id of open) hideToast(id);
  open.clear();
}
