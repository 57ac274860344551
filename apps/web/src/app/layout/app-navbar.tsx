import { AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isLinkActive, navLinks } from './nav-links';
import classes from './app-layout.module.css';

/**
 * `collapsed`: the panel is slid out of view. It is then inert, so keyboard users do not tab through nine
 * links they cannot see (and screen readers skip them).
 */
export function AppNavbar({ onNavigate, collapsed }: { onNavigate: () => void; collapsed: boolean }) {
  const { pathname } = useLocation();
  return (
    <AppShell.Navbar className={classes.navbar} aria-label="Main navigation" inert={collapsed}>
      <AppShell.Section grow component={ScrollArea} p="sm">
        <Text size="xs" fw={700} tt="uppercase" className={classes.navHeading}>
          Finance
        </Text>
        {navLinks.map(({ label, to, icon: Icon }) => {
          const active = isLinkActive(to, pathname);
          return (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="filled"
              color="yellow"
              className={classes.navLink}
              onClick={onNavigate}
            />
          );
        })}
      </AppShell.Section>
      <AppShell.Section p="md" className={classes.navFooter}>
        <Text size="xs">Freight Finance · SAP Business One</Text>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
