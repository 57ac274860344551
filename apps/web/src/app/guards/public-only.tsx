import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';
import { takeReturnPath } from '@/lib/auth/return-to';

/**
 * The public group (sign-in pages): a signed-in user goes to the dashboard, or, right after signing in
 * again when their session had ended, back to the page they were on.
 */
export function PublicOnly() {
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to={takeReturnPath(user)} replace />;
  return <Outlet />;
}
