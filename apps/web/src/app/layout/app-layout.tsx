import { lazy, Suspense, type MouseEvent } from 'react';
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

/** Where the skip link leads: the main area, which takes the focus so the next Tab starts inside the page. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus into the main area without changing the URL (the router owns the paths). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/**
 * Header 60 px, dark navigation 250 px collapsing below `sm`, the page in the main area. The first Tab reaches
 * 'Skip to main content' (shown only while it has the focus), which passes the header and the navigation's
 * dozen links (issue 26, item 16).
 */
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
      <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <AppHeader
        mobileOpened={mobileOpened}
        desktopOpened={desktopOpened}
        onToggleMobile={mobile.toggle}
        onToggleDesktop={desktop.toggle}
        onLogout={logout.open}
        onMenuOpen={preloadLogoutModal}
      />
      <AppNavbar onNavigate={mobile.close} collapsed={navCollapsed} />
      <AppShell.Main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
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
