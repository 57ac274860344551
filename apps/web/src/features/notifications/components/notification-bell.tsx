import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useUnreadCount } from '../api/unread-count';

/** The open list is a chunk of its own: most page loads never open the bell. */
const NotificationList = lazy(async () => ({
  default: (await import('./notification-list')).NotificationList,
}));

/** The red badge on the bell: the count, capped so it stays small. */
const badge = (unread: number) => (unread > 99 ? '99+' : String(unread));

// Style objects rather than a stylesheet of its own: every signed-in page loads the bell (bench:web's size goal).
const ANCHOR: CSSProperties = { position: 'relative', display: 'inline-flex' };
/** The unread count on the bell's top right corner (the bell's label says it in words). */
const COUNT: CSSProperties = {
  position: 'absolute',
  top: -2,
  right: -4,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  border: '2px solid var(--mantine-color-body)',
  backgroundColor: 'var(--mantine-color-red-7)',
  color: 'var(--mantine-color-white)',
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '14px',
  textAlign: 'center',
  pointerEvents: 'none',
};

/**
 * The header's bell (in the shell's chunk: as a chunk of its own it cost more than it held): the unread count
 * (polled every minute and on window focus) and, when opened, the latest notifications; each leads to its
 * record's screen and is then read. `className` is the header's own action style (dark on yellow), shared with
 * its other buttons.
 */
export function NotificationBell({ className }: { className?: string | undefined }) {
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const label = `Notifications, ${unread} unread`;

  return (
    <span style={ANCHOR}>
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
            className={className}
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
        <span style={COUNT} aria-hidden>
          {badge(unread)}
        </span>
      )}
    </span>
  );
}
