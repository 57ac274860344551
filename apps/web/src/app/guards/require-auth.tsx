import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MY_ACCOUNT_MESSAGES } from '@ff/contract/plain';
import { sessionEndReason, sessionEndUserId, useCurrentUser } from '@/lib/auth/current-user';
import { forgetReturnPath, rememberReturnPath } from '@/lib/auth/return-to';
import { notifyWarning } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { loginRedirectMessage } from './redirect-messages';

/**
 * The authenticated group: anyone not signed in goes to /login with a message for the login screen. When
 * the server ended the session under the user's feet, the page they were on (path and search) is
 * remembered, so signing in again as the same user returns there (their typed drafts are kept per screen);
 * after a deliberate log out, or a signed-out visit, sign-in goes to the dashboard as the spec says.
 */
export function RequireAuth() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const location = useLocation();
  // Signed in while this guard was shown: a session check that now finds none means the session ended
  // elsewhere (a log out in another tab, the server), which no call of this tab was refused for (issue 26).
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  if (!user) {
    const reason = sessionEndReason(queryClient) ?? (wasSignedIn.current ? 'expired' : undefined);
    if (reason === 'expired') {
      rememberReturnPath(location.pathname + location.search + location.hash, sessionEndUserId(queryClient));
    } else forgetReturnPath();
    const message = loginRedirectMessage(reason);
    return <Navigate to={paths.login} replace state={message ? { message } : null} />;
  }
  if (user.twoFactorSetupRequired && location.pathname !== paths.account) return <TwoFactorSetupRedirect />;
  return <Outlet />;
}

/**
 * A user whose role requires two-factor sign-in they have not set up can use only My Account (the server
 * refuses the rest with 403): they go there, told why.
 */
function TwoFactorSetupRedirect() {
  useEffect(() => {
    notifyWarning({
      id: 'two-factor-setup-required',
      title: 'Two-factor sign-in required',
      message: MY_ACCOUNT_MESSAGES.twoFactorSetupRequired,
    });
  }, []);
  return <Navigate to={paths.account} replace />;
}
