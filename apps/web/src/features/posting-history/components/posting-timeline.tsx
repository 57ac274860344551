import { Text, Timeline } from '@mantine/core';
import type { PostingTimelineItem } from '@ff/contract';
import { formatDateTime } from '@/lib/format';
import { EVENT_LABELS } from '../lib/posting-labels';
// Only this lazily loaded screen uses it: its styles load with it, not on every route (app/mantine-styles.ts).
import '@mantine/core/styles/Timeline.css';

const BAD = new Set(['failed', 'reversal_failed', 'outcome_unknown']);

/** What happened to a posting, in order: each step with when (the server's time, as every screen), who, and SAP's words. */
export function PostingTimeline({ items }: { items: PostingTimelineItem[] }) {
  if (!items.length) return <Text size="sm">Nothing has happened to this posting yet.</Text>;
  return (
    <Timeline active={items.length - 1} bulletSize={14} lineWidth={2} aria-label="Timeline">
      {items.map((item, i) => (
        <Timeline.Item
          key={`${item.event}-${i}`}
          title={EVENT_LABELS[item.event]}
          color={BAD.has(item.event) ? 'red' : undefined}
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(item.at)}
            {item.actor ? ` · ${item.actor}` : ''}
          </Text>
          {item.detail && <Text size="sm">{item.detail}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
