import { AppShell, Burger, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';

type AppHeaderProps = {
  mobileOpened: boolean;
  desktopOpened: boolean;
  onToggleMobile: () => void;
  onToggleDesktop: () => void;
  onLogout: () => void;
  /** The account menu opened (the place to start downloading what its items show). */
  onMenuOpen?: () => void;
};

/** Below `sm` the mobile toggle shows, from it the desktop one; they look the same. */
const BURGER = { size: 'sm', color: 'dark', 'aria-label': 'Toggle navigation' } as const;

export function AppHeader(props: AppHeaderProps) {
  return (
    <AppShell.Header className={classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger {...BURGER} opened={props.mobileOpened} onClick={props.onToggleMobile} hiddenFrom="sm" />
          <Burger {...BURGER} opened={props.desktopOpened} onClick={props.onToggleDesktop} visibleFrom="sm" />
          <Link to={paths.dashboard} className={classes.logoLink} aria-label="Freight Finance dashboard">
            <Logo height={34} />
          </Link>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <NotificationBell className={classes.headerAction} />
          <ColorSchemeToggle />
          <UserMenu onLogout={props.onLogout} onOpen={props.onMenuOpen} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
