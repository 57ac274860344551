import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, http } from '@/lib/api-client';
import { currentUserQueryKey, sessionEndReason, clearSessionEndReason } from '@/lib/auth/current-user';
import { rememberReturnPath, takeReturnPath } from '@/lib/auth/return-to';
import { LOGIN_REDIRECT_TOAST_ID, notifyError } from '@/lib/notify';
import { createQueryClient } from './query-client';

const original = globalThis.fetch;
const user = { id: 7, name: 'Clerk', email: 'c@example.com', role: 'Clerk', permissions: [] };

beforeEach(() => {
  globalThis.fetch = async () => new Response('{"message":"Unauthenticated."}', { status: 401 });
});
/** Toasts show once lib/notify.ts has loaded the toast library (a dynamic import). */
const toastsSettled = async () => {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => {
  globalThis.fetch = original;
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a call answered 401 while signed in (issue 12, defect 5)', () => {
  it('ends the session before the caller sees the failure, and holds back the error toasts until sign-in', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, user);
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');

    // A post at the site root's API path, wrapped by the screen: the screen's own error toast is dropped.
    await http
      .post('/api/v1/journalSaleInvoice', {})
      .catch(() => notifyError({ message: 'Unauthenticated.' }));
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(sessionEndReason(queryClient)).toBe('expired');
    await toastsSettled();
    expect(show).not.toHaveBeenCalled();

    // The login screen's one message still shows.
    notifyError({ id: LOGIN_REDIRECT_TOAST_ID, message: 'Your session has ended. Please log in again.' });
    await toastsSettled();
    expect(show).toHaveBeenCalledTimes(1);

    // Signing in again lets the next failure show.
    clearSessionEndReason(queryClient);
    notifyError({ message: 'These credentials do not match our records.' });
    await toastsSettled();
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('does nothing while nobody is signed in (a wrong sign-in is not a session end)', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, null);
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await api.get('/users').catch(() => notifyError({ message: 'Failed' }));
    expect(sessionEndReason(queryClient)).toBeUndefined();
    await toastsSettled();
    expect(show).toHaveBeenCalledTimes(1);
  });
});

describe('the page to return to after signing in again', () => {
  const later = () => vi.setSystemTime(Date.now() + 5000);
  afterEach(() => vi.useRealTimers());

  it('is the remembered path for the same user, for both callers of one sign-in, then forgotten', () => {
    vi.useFakeTimers();
    rememberReturnPath('/invoices/sales?search=KBZ&page=2', 7);
    expect(takeReturnPath({ id: 7 })).toBe('/invoices/sales?search=KBZ&page=2');
    // The login screen and the public-pages guard of the same sign-in agree.
    expect(takeReturnPath({ id: 7 })).toBe('/invoices/sales?search=KBZ&page=2');
    later();
    expect(takeReturnPath({ id: 7 })).toBe('/');
  });

  it('another user, or another origin, goes to the dashboard', () => {
    vi.useFakeTimers();
    later();
    rememberReturnPath('/users', 7);
    expect(takeReturnPath({ id: 8 })).toBe('/');
    later();
    rememberReturnPath('//evil.example.com/x', null);
    expect(takeReturnPath({ id: 7 })).toBe('/');
  });
});
