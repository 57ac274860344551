import type { AgingBucket, DashboardKindSummary, DashboardSummary } from '@ff/contract';
import { AGING_BUCKETS } from '@ff/contract';
import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type RecordKindEntry,
  type RecordKindName,
} from '@ff/contract/plain';

/**
 * Each kind's name on the dashboard, from the registry: its screen's navigation label, and for steps that share
 * a screen as tabs its code too ('Transporter Invoices (FJ)', as the cards name the two journal steps).
 */
export const KIND_LABELS = Object.fromEntries(
  RECORD_KIND_NAMES.map((name) => {
    const { screen, code }: RecordKindEntry = RECORD_KINDS_PLAIN[name];
    return [name, screen.tab ? `${screen.navLabel} (${code})` : screen.navLabel];
  }),
) as Record<RecordKindName, string>;

/** Mantine palette colours legible in both schemes, handed to the kinds in registry order. */
const KIND_PALETTE = [
  'blue.6',
  'orange.6',
  'grape.6',
  'teal.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
  'violet.6',
  'green.7',
] as const;

/** A theme colour per kind, the same in every chart (registry order; distinct for up to 12 kinds). */
export const KIND_COLORS = Object.fromEntries(
  RECORD_KIND_NAMES.map((name, index) => [name, KIND_PALETTE[index % KIND_PALETTE.length]]),
) as Record<RecordKindName, string>;

export const AGING_LABELS: Record<AgingBucket, string> = {
  '0-7': '0–7 days',
  '8-30': '8–30 days',
  '31-60': '31–60 days',
  '60+': 'Over 60 days',
};

export type KindFigures = DashboardKindSummary & { name: RecordKindName; label: string };

/** The summary's kinds with their registry name and label, in registry order. */
export function kindFigures(summary: DashboardSummary): KindFigures[] {
  return RECORD_KIND_NAMES.flatMap((name) => {
    const figures = summary.kinds.find((kind) => kind.kind === RECORD_KINDS_PLAIN[name].apiName);
    return figures ? [{ ...figures, name, label: KIND_LABELS[name] }] : [];
  });
}

/** One chart row: its label and a count per kind name (the chart's series keys), plus the total. */
export type ChartRow = { label: string; total: number } & Partial<Record<RecordKindName, number>>;

export function agingRows(kinds: KindFigures[]): ChartRow[] {
  return AGING_BUCKETS.map((bucket) => {
    const row: ChartRow = { label: AGING_LABELS[bucket], total: 0 };
    for (const kind of kinds) {
      const count = kind.aging.find((entry) => entry.bucket === bucket)?.count ?? 0;
      row[kind.name] = count;
      row.total += count;
    }
    return row;
  });
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' });

/** `2025-03-10` as `10 Mar` (the day as sent, whatever the browser's time zone). */
export const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));

export function postedRows(kinds: KindFigures[]): ChartRow[] {
  const days = kinds[0]?.postedPerDay.map((entry) => entry.day) ?? [];
  return days.map((day, index) => {
    const row: ChartRow = { label: dayLabel(day), total: 0 };
    for (const kind of kinds) {
      const count = kind.postedPerDay[index]?.count ?? 0;
      row[kind.name] = count;
      row.total += count;
    }
    return row;
  });
}
