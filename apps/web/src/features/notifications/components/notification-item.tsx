import { Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { Notification } from '@ff/contract';
import classes from './notification-list.module.css';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday": how long ago an ISO instant was. */
export function timeAgo(iso: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return new Date(iso).toLocaleString();
}

/** One notification of the bell's list: a link to where it happened (or a button when it has none). */
export function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const unread = item.readAt === null;
  const content = (
    <>
      {unread && <span className={classes.dot} aria-label="Unread" role="img" />}
      <Text size="sm" fw={unread ? 600 : 400} lh={1.3}>
        {item.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={3}>
        {item.body}
      </Text>
      <Text
        size="xs"
        c="dimmed"
        component="time"
        dateTime={item.createdAt}
        title={new Date(item.createdAt).toLocaleString()}
      >
        {timeAgo(item.createdAt)}
      </Text>
    </>
  );
  return (
    <li className={classes.item} data-unread={unread || undefined}>
      {item.link ? (
        <Link to={item.link} className={classes.entry} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <UnstyledButton className={classes.entry} onClick={onOpen}>
          {content}
        </UnstyledButton>
      )}
    </li>
  );
}
