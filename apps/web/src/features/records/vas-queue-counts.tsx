import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PostingSummary } from '@ff/contract';
import { api } from '@/lib/api-client';

const DAY_MS = 86_400_000;
const HISTORY = '/postings?kind=journalVasTransaction';

/**
 * The VAS screen's queue at a glance (issue 11): "N queued · M failed in the last 24 hours", each linking to the
 * posting history filtered that way. Refreshed every 30 s while the screen is open.
 */
export function VasQueueCounts() {
  const summary = useQuery({
    queryKey: ['postings', 'summary', 'journalVasTransaction'],
    queryFn: async () =>
      (
        await api.get<{ data: PostingSummary }>('/postings/summary', {
          params: { kind: 'journalVasTransaction' },
        })
      ).data.data,
    refetchInterval: 30_000,
  });
  if (!summary.data) return null;
  const { queued, failedLast24h } = summary.data;
  const since = new Date(Date.now() - DAY_MS).toISOString();
  return (
    <Text size="sm" c="dimmed" aria-label="VAS queue">
      <Anchor component={Link} to={`${HISTORY}&status=queued`} size="sm">
        {queued} queued
      </Anchor>
      {' · '}
      <Anchor
        component={Link}
        to={`${HISTORY}&status=failed&since=${encodeURIComponent(since)}`}
        size="sm"
        c={failedLast24h > 0 ? 'red' : undefined}
      >
        {failedLast24h} failed in the last 24 hours
      </Anchor>
    </Text>
  );
}
