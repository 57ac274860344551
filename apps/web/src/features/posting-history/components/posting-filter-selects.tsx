import { Button, NativeSelect } from '@mantine/core';
import { POSTING_STATUSES, STATUS_LABELS, formatSince } from '../lib/posting-labels';

export type PostingFilterSelectsProps = {
  kinds: { value: string; label: string }[];
  kind: string | undefined;
  status: string | undefined;
  since: string | undefined;
  onKindChange: (kind: string) => void;
  onStatusChange: (status: string) => void;
  onClearSince: () => void;
};

/** The Kind and Status filters beside the search box, and the "since" a link set (with a button to drop it). */
export function PostingFilterSelects(props: PostingFilterSelectsProps) {
  const { kinds, kind, status, since } = props;
  return (
    <>
      <NativeSelect
        aria-label="Kind"
        w={260}
        value={kind ?? ''}
        onChange={(e) => props.onKindChange(e.currentTarget.value)}
        data={[{ value: '', label: 'All kinds' }, ...kinds]}
      />
      <NativeSelect
        aria-label="Status"
        w={160}
        value={status ?? ''}
        onChange={(e) => props.onStatusChange(e.currentTarget.value)}
        data={[
          { value: '', label: 'All statuses' },
          ...POSTING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        ]}
      />
      {since && (
        <Button variant="light" size="xs" onClick={props.onClearSince} aria-label="Show every time">
          Since {formatSince(since)} ×
        </Button>
      )}
    </>
  );
}
