import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useUnreadCount } from '../api/unread-count';
import classes from './notification-bell.module.css';

/** The open list is a chunk of its own: most page loads never open the bell. */
const NotificationList = lazy(async () => ({
  default: (await import('./notification-list')).NotificationList,
}));

/** The red badge on the bell: the count, capped so it stays small. */
const badge = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The header's bell (loaded lazily by the shell): the unread count (polled every minute and on window focus)
 * and, when opened, the latest notifications; each leads to its record's screen and is then read.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const label = `Notifications, ${unread} unread`;

  return (
    <span className={classes.anchor}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            className={classes.bell}
            aria-label={label}
            title={label}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications">
          {opened && (
            <Suspense
              fallback={
                <Text size="sm" c="dimmed" p="md">
                  Loading notifications...
                </Text>
              }
            >
              <NotificationList unread={unread} onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
      {unread > 0 && (
        <span className={classes.count} aria-hidden>
          {badge(unread)}
        </span>
      )}
    </span>
  );
}
