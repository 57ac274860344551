import { lazy, Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { LazyOnOpen } from '@/components/lazy-on-open';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './app-layout.module.css';

/** The sign-out confirmation (Mantine's Modal) downloads when first wanted; opening the account menu starts it. */
const loadLogoutModal = () => import('./logout-modal');
const LogoutModal = lazy(async () => ({ default: (await loadLogoutModal()).LogoutModal }));
const preloadLogoutModal = () => void loadLogoutModal();

/** Header 60 px, dark navigation 250 px collapsing below `sm`, the page in the main area. */
export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [logoutOpened, logout] = useDisclosure(false);
  // Mantine's `sm` breakpoint (48em): below it the mobile toggle applies, from it the desktop one.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const navCollapsed = wide ? !desktopOpened : !mobileOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppHeader
        mobileOpened={mobileOpened}
        desktopOpened={desktopOpened}
        onToggleMobile={mobile.toggle}
        onToggleDesktop={desktop.toggle}
        onLogout={logout.open}
        onMenuOpen={preloadLogoutModal}
      />
      <AppNavbar onNavigate={mobile.close} collapsed={navCollapsed} />
      <AppShell.Main className={classes.main}>
        <Suspense fallback={<PageLoadingOverlay />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <LazyOnOpen opened={logoutOpened}>
        <LogoutModal opened={logoutOpened} onClose={logout.close} />
      </LazyOnOpen>
    </AppShell>
  );
}
