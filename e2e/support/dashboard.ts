import { expect, type Locator, type Page } from '@playwright/test';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindEntry } from '@ff/contract/plain';
import { apiCall } from './auth';

/** Helpers of the Dashboard spec: the summary and SAP status as the API answers them, and the page's figures. */

export type KindSummary = {
  kind: string;
  /** `currencies`: each foreign currency's records (issue 25); `amount` is the local currency's. */
  awaiting: { count: number; amount: string; currencies: CurrencyFigure[] };
  aging: { bucket: '0-7' | '8-30' | '31-60' | '60+'; count: number; amount: string }[];
  postedPerDay: { day: string; count: number; amount: string }[];
  failed: number;
  queued: number;
};
export type CurrencyFigure = { currency: string; count: number; amount: string };
export type Summary = { kinds: KindSummary[]; generatedAt: string; today: string };
export type SapStatus = { state: string; message: string; checkedAt: string };

/** The spec's kinds' labels on the dashboard by API name, in the spec's order: pinned (the cards name them so). */
export const SPEC_KIND_LABELS: Record<string, string> = {
  journalSaleInvoice: 'Sales Invoices',
  firstJournalTransporterInvoice: 'Transporter Invoices (FJ)',
  secondJournalTransporterInvoice: 'Transporter Invoices (SJ)',
  journalCashAdvance: 'Cash Advance',
  journalFuelAdvance: 'Fuel Advance',
  journalVasTransaction: 'VAS Transactions',
};

/**
 * Each kind's label on the dashboard, by its API name, in the registry's order: the spec's as pinned above, and a
 * kind added beside them by its screen's navigation label (with its code when it is one tab of a screen).
 */
export const KIND_LABELS: Record<string, string> = Object.fromEntries(
  RECORD_KIND_NAMES.map((name) => {
    const { apiName, screen, code }: RecordKindEntry = RECORD_KINDS_PLAIN[name];
    const own = screen.tab ? `${screen.navLabel} (${code})` : screen.navLabel;
    return [apiName, SPEC_KIND_LABELS[apiName] ?? own];
  }),
);

export const AGING_LABELS = {
  '0-7': '0–7 days',
  '8-30': '8–30 days',
  '31-60': '31–60 days',
  '60+': 'Over 60 days',
} as const;

export const AGING_TITLE = 'Waiting time of records awaiting posting';
export const POSTED_TITLE = 'Posted per day, last 30 days';

export const summaryOf = (page: Page) => apiCall<Summary>(page, 'GET', '/dashboard');
export const sapStatusOf = (page: Page) => apiCall<SapStatus>(page, 'GET', '/sap-status');

const grouped = new Intl.NumberFormat('en-US');
export const count = (value: number) => grouped.format(value);

/** `1234.5` as the page shows amounts: `1,234.50`. */
export const amount = (text: string) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(text));

/**
 * The lines of a kind's awaiting amount cell (issue 25): the local currency's amount unless every awaiting record
 * is foreign, then each foreign currency's ('USD 1,234.00'); one plain amount when there is no foreign record.
 */
export function awaitingAmountLines(awaiting: KindSummary['awaiting']): string[] {
  if (!awaiting.currencies.length) return [amount(awaiting.amount)];
  const foreign = awaiting.currencies.reduce((sum, figure) => sum + figure.count, 0);
  return [
    ...(awaiting.count > foreign ? [amount(awaiting.amount)] : []),
    ...awaiting.currencies.map((figure) => `${figure.currency} ${amount(figure.amount)}`),
  ];
}

/** `2025-03-10` as the posted chart's rows name days: `10 Mar`. */
export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** A chart's text alternative (its table, named by the chart's title). */
export const chartTable = (page: Page, title: string) =>
  page.getByRole('table', { name: title, exact: true });

/** The cells of the table row whose header is `label` (the row header excluded). */
export async function rowCells(table: Locator, label: string): Promise<string[]> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: label }) });
  await expect(row).toHaveCount(1);
  return row.getByRole('cell').allTextContents();
}

/** The expected cells of a chart row: a count per kind in the summary's order, then the total. */
export const expectedCells = (counts: number[]) => [
  ...counts.map(count),
  count(counts.reduce((a, b) => a + b, 0)),
];

/** True when the page is no wider than the window (no horizontal scrolling). */
export const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
