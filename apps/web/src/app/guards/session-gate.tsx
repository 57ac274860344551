import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { useCurrentUser } from '@/lib/auth/current-user';

/** Holds every route until the first `GET /user` has answered, behind a full-screen overlay. */
export function SessionGate() {
  const session = useCurrentUser();
  if (session.isPending) return <PageLoadingOverlay fullScreen />;
  return (
    <Suspense fallback={<PageLoadingOverlay fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
