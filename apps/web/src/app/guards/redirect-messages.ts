import type { SessionEndReason } from '@/lib/auth/current-user';

export const LOGIN_REQUIRED = 'Please log in to continue.';
export const SESSION_EXPIRED = 'Your session has ended. Please log in again.';

/** The message the login screen shows after a redirect; none after a deliberate log out. */
export function loginRedirectMessage(reason: SessionEndReason | undefined): string | undefined {
  if (reason === 'signed-out') return undefined;
  return reason === 'expired' ? SESSION_EXPIRED : LOGIN_REQUIRED;
}
