import type { MouseEvent, ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { ReconciliationDifference } from '@ff/contract';
import { findPostingId, postingHistoryHref } from '../api/reconciliations';

type Props = AnchorProps & {
  difference: Pick<ReconciliationDifference, 'kind' | 'tripNumber' | 'idempotencyKey'>;
  children: ReactNode;
  'aria-label'?: string;
};

/**
 * A link to a difference's posting in Posting History (issue 26, item 11). A plain click finds the posting that
 * carries the difference's key and opens its drawer; opened in a new tab (or when no posting here carries the
 * key), it shows Posting History searched for the record's trip.
 */
export function PostingLink({ difference, children, ...anchorProps }: Props) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const fallback = postingHistoryHref(difference);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void client
      .fetchQuery({
        queryKey: ['postings', 'by-key', difference.kind, difference.idempotencyKey],
        queryFn: () => findPostingId(difference),
        staleTime: 60_000,
      })
      .catch(() => null)
      .then((id) => navigate(postingHistoryHref(difference, id)));
  };
  return (
    <Anchor component={Link} to={fallback} onClick={onClick} {...anchorProps}>
      {children}
    </Anchor>
  );
}
