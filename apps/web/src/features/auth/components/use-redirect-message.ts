import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifySignInError } from './sign-in-toasts';

/** Navigation state the route guard sends to /login. */
export type LoginRedirectState = { message?: string };

/** Shows the guard's redirect message once as a red 'Error' notification, then drops it from history. */
export function useRedirectMessage(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const message = (location.state as LoginRedirectState | null)?.message;

  useEffect(() => {
    if (!message || shown.current) return;
    shown.current = true;
    notifySignInError({ id: 'login-redirect', message, position: 'top-right' });
    // A reload or Back must not show it again.
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [message, navigate, location.pathname, location.search]);
}
