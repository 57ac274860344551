import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import type { PostingHistoryStatus, PostingTimelineEvent } from '@ff/contract';
import { formatDateTime, toServerDateTime } from '@/lib/format';

/** The kinds by their list API names, labelled as the navigation names their screens (and tabs). */
export const POSTING_KIND_OPTIONS = RECORD_KIND_NAMES.map((name) => {
  const { apiName, screen, permissions } = RECORD_KINDS_PLAIN[name];
  const tab = 'tab' in screen ? ` (${screen.tab.replace('Post ', '')})` : '';
  return { value: apiName as string, label: `${screen.navLabel}${tab}`, view: permissions.view as string };
});

export const kindLabel = (apiName: string) =>
  POSTING_KIND_OPTIONS.find((k) => k.value === apiName)?.label ?? apiName;

export const STATUS_LABELS: Record<PostingHistoryStatus, string> = {
  queued: 'Queued',
  posting: 'Posting',
  posted: 'Posted',
  failed: 'Failed',
  reversed: 'Reversed',
};
export const STATUS_COLORS: Record<PostingHistoryStatus, string> = {
  queued: 'yellow',
  posting: 'blue',
  posted: 'green',
  failed: 'red',
  reversed: 'gray',
};
export const POSTING_STATUSES = Object.keys(STATUS_LABELS) as PostingHistoryStatus[];

export const EVENT_LABELS: Record<PostingTimelineEvent, string> = {
  claimed: 'Claimed for posting',
  sent: 'Sent to SAP',
  outcome_unknown: 'Outcome unknown',
  looked_up: 'Looked up in SAP',
  posted: 'Posted',
  failed: 'Failed',
  reversal_requested: 'Reversal requested',
  reversal_sent: 'Cancellation sent to SAP',
  reversed: 'Reversed',
  reversal_failed: 'Reversal failed',
};

/**
 * The `since` of a link ("failed in the last 24 hours": an ISO instant the browser made, sent as it is) as the
 * screens show times, '05 Mar 2025, 14:07', in the browser's time zone: the web does not know APP_TIMEZONE.
 * The rows' times come from the server already in it (lib/format formatDateTime).
 */
export function formatSince(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : formatDateTime(toServerDateTime(instant));
}
