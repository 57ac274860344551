import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import type { PostingHistoryStatus, PostingTimelineEvent } from '@ff/contract';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as 'yyyy-MM-dd HH:mm:ss' in the browser's time zone; 'N/A' when empty. */
export function formatInstant(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
