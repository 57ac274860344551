import { Badge } from '@mantine/core';
import type { PostingHistoryStatus } from '@ff/contract';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/posting-labels';

/**
 * A posting's status as a badge. It keeps its whole word: a badge's label may shrink to an ellipsis, and a
 * wide table squeezed the column to "PO..." (min-width: max-content keeps the cell at least as wide as the word).
 */
export function PostingStatusBadge({ status }: { status: PostingHistoryStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" miw="max-content">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
