import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { sessionEndReason, useCurrentUser } from '@/lib/auth/current-user';
import { paths } from '@/lib/paths';
import { loginRedirectMessage } from './redirect-messages';

/** The authenticated group: anyone not signed in goes to /login with a message for the login screen. */
export function RequireAuth() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  if (!user) {
    const message = loginRedirectMessage(sessionEndReason(queryClient));
    return <Navigate to={paths.login} replace state={message ? { message } : null} />;
  }
  return <Outlet />;
}
