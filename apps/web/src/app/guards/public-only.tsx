import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';
import { paths } from '@/lib/paths';

/** The public group (sign-in pages): a signed-in user goes to the dashboard. */
export function PublicOnly() {
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
