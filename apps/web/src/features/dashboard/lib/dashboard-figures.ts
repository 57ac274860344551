import type { AgingBucket, DashboardKindSummary, DashboardSummary } from '@ff/contract';
import { AGING_BUCKETS } from '@ff/contract';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';

/** Each kind's name on the dashboard (the transporter invoice's two journal steps as the cards name them). */
export const KIND_LABELS: Record<RecordKindName, string> = {
  salesInvoice: 'Sales Invoices',
  firstJournal: 'Transporter Invoices (FJ)',
  secondJournal: 'Transporter Invoices (SJ)',
  cashAdvance: 'Cash Advance',
  fuelAdvance: 'Fuel Advance',
  vasTransaction: 'VAS Transactions',
};

/** A theme colour per kind, the same in every chart; Mantine's palette keeps them legible in dark mode. */
export const KIND_COLORS: Record<RecordKindName, string> = {
  salesInvoice: 'blue.6',
  firstJournal: 'orange.6',
  secondJournal: 'grape.6',
  cashAdvance: 'teal.6',
  fuelAdvance: 'red.6',
  vasTransaction: 'cyan.6',
};

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
