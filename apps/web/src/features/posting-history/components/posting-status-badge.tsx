import { Badge } from '@mantine/core';
import type { PostingHistoryStatus } from '@ff/contract';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/posting-labels';

export function PostingStatusBadge({ status }: { status: PostingHistoryStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
