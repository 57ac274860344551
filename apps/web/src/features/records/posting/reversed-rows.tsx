import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReversedRecord } from '@ff/contract';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { api } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { ReasonBadge } from './failed-row-badge';
import { recordListKey } from './record-queries';

/**
 * Issue 26, defect 8: a record whose posting was reversed in SAP comes back to its list. Until it is posted
 * again its row says so: 'Reversed on 28 Nov 2026, 14:03 by Jane Clerk: Wrong petty cash ledger'. The list asks
 * `GET /api/v1/postings/reversed` about the ids of the page it shows (one small request a page).
 */
const ReversedRowsContext = createContext<ReadonlyMap<number, ReversedRecord> | null>(null);

/** The page's reversed rows by record id; the key sits under the kind's list key, so a post reloads it. */
export function useReversedRows(kind: RecordKindName, rows: readonly { id: number }[] | undefined) {
  const apiName = RECORD_KINDS_PLAIN[kind].apiName;
  const recordIds = useMemo(
    () =>
      (rows ?? [])
        .map((row) => row.id)
        .sort((a, b) => a - b)
        .join(','),
    [rows],
  );
  const query = useQuery({
    queryKey: [...recordListKey(kind), 'reversed', recordIds] as const,
    queryFn: async () =>
      (
        await api.get<{ data: ReversedRecord[] }>('/postings/reversed', {
          params: { kind: apiName, recordIds },
        })
      ).data.data,
    enabled: recordIds.length > 0,
    // A hint beside the row: a failure to read it must not block the list (the status cell simply stays as is).
    retry: false,
  });
  const data = query.data;
  return useMemo(() => new Map((data ?? []).map((row) => [row.recordId, row])), [data]);
}

export function ReversedRowsProvider({
  rows,
  children,
}: {
  rows: ReadonlyMap<number, ReversedRecord>;
  children: ReactNode;
}) {
  return <ReversedRowsContext.Provider value={rows}>{children}</ReversedRowsContext.Provider>;
}

/** 'Reversed on 28 Nov 2026, 14:03 by Jane Clerk: Wrong petty cash ledger' (the time and name when known). */
export function reversedSentence(reversal: ReversedRecord): string {
  const on = reversal.reversedAt ? ` on ${formatDateTime(reversal.reversedAt)}` : '';
  const by = reversal.reversedBy ? ` by ${reversal.reversedBy}` : '';
  return `Reversed${on}${by}: ${reversal.reason}`;
}

/** An orange 'Reversed' badge whose tooltip (and accessible name) is the whole sentence; nothing for other rows. */
export function ReversedRowBadge({ recordId }: { recordId: number }) {
  const reversal = useContext(ReversedRowsContext)?.get(recordId);
  if (!reversal) return null;
  const sentence = reversedSentence(reversal);
  return (
    <ReasonBadge
      label="Reversed"
      color="orange"
      tooltip={sentence}
      aria-label={sentence}
      testId="reversed-row"
    />
  );
}
