import { Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useMarkRead, useNotificationList } from '../api/notifications';
import { NotificationItem } from './notification-item';
import classes from './notification-list.module.css';

/** The bell's open list (its own chunk, loaded on the first open): the latest, "Mark all as read". */
export function NotificationList({ unread, onClose }: { unread: number; onClose: () => void }) {
  const list = useNotificationList();
  const markRead = useMarkRead();
  const items = list.data?.data ?? [];
  return (
    <>
      <Group justify="space-between" px="md" py="xs" className={classes.head}>
        <Text fw={600} size="sm">
          Notifications
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables === 'all'}
          onClick={() => markRead.mutate('all')}
        >
          Mark all as read
        </Button>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto">
        {list.isLoading && (
          <Text size="sm" c="dimmed" p="md">
            Loading notifications...
          </Text>
        )}
        {list.isError && (
          <Text size="sm" c="red" p="md" role="alert">
            The notifications could not be loaded.
          </Text>
        )}
        {list.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed" p="md">
            No notifications yet.
          </Text>
        )}
        <Stack gap={0} component="ul" className={classes.list} aria-label="Latest notifications">
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              onOpen={() => {
                if (!item.readAt) markRead.mutate(item.id);
                onClose();
              }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
