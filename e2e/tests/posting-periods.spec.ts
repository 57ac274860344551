import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { PostingPeriodsAnswer, SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn, xsrfHeaders } from '../support/auth';
import { E2E_PORT, E2E_SERVER_PID } from '../support/env';
import { dayLabel, openCalendarAt, parseServerDateTime, rowOf } from '../support/posting';

/**
 * Issue 11: SAP's posting periods on the posting screens. A period locked in SAP (through the embedded
 * simulator's `/__sim` controls) disables its days in the posting-date picker, each naming the period, and
 * the server refuses a row dated in it before calling SAP.
 */

/**
 * The embedded simulator's base URL: the other port the server process listens on (its sockets in /proc), the
 * one answering `/__sim/periods`. The server starts it on a free port and does not print it at LOG_LEVEL=warn.
 */
function simulatorOrigins(): string[] {
  const pid = readFileSync(E2E_SERVER_PID, 'utf8').trim();
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // A descriptor closed meanwhile.
    }
  }
  const ports = new Set<number>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // st 0A = LISTEN; fields[9] is the socket's inode.
    if (fields[3] === '0A' && inodes.has(fields[9] ?? '')) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
  }
  ports.delete(E2E_PORT);
  return [...ports].map((port) => `http://127.0.0.1:${port}`);
}

async function simulator(page: Page): Promise<string> {
  for (const origin of simulatorOrigins()) {
    const answer = await page.request.get(`${origin}/__sim/periods`).catch(() => null);
    if (answer?.ok()) return origin;
  }
  throw new Error('The embedded SAP simulator was not found among the server process ports.');
}

const SCREEN = '/invoices/sales';
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });
const periods = (page: Page, refresh = false) =>
  apiCall<PostingPeriodsAnswer>(page, 'GET', `/posting-periods${refresh ? '?refresh=1' : ''}`);

test.describe('Posting periods', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test("a locked period's days are disabled in the picker, naming the period; the server refuses them", async ({
    page,
  }) => {
    const rows = (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;
    const row = rows[0]!;
    const documentDay = parseServerDateTime(row.documentDate);
    const month = row.documentDate.slice(0, 7);
    const sim = await simulator(page);
    await page.request.post(`${sim}/__sim/periods/lock`, { data: { from: month } });
    try {
      // What the picker's screen reads: SAP's periods, read again now.
      const locked = (await periods(page, true)).data.find((p) => p.code === month);
      expect(locked?.status).toBe('locked');

      await page.goto(SCREEN);
      await expect(table(page)).toBeVisible({ timeout: 30_000 });
      await page.getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
      await expect(rowOf(table(page), row.tripNumber)).toBeVisible();
      const calendar = await openCalendarAt(page, row.tripNumber, documentDay);
      const day = calendar.getByRole('button', { name: dayLabel(documentDay), exact: true });
      await expect(day).toHaveAttribute('title', `Posting period ${month} is locked in SAP`);
      await expect(day).toBeDisabled();
      await page.keyboard.press('Escape');

      // The server refuses the day too, before SAP is asked, naming the trip and the kind.
      const response = await page.request.post('/api/v1/journalSaleInvoice', {
        headers: await xsrfHeaders(page.context()),
        data: { postSap: [{ saleInvoice: row.id, postingDate: row.documentDate.slice(0, 10) }] },
      });
      expect(response.status()).toBe(422);
      expect((await response.json()).failed).toEqual([
        {
          id: row.id,
          message: `${row.tripNumber} (sales invoice): posting period ${month} is locked in SAP.`,
        },
      ]);
    } finally {
      await page.request.post(`${sim}/__sim/periods/unlock`, { data: {} });
      await periods(page, true);
    }
    expect((await periods(page)).data.find((p) => p.code === month)?.status).toBe('open');
  });
});
