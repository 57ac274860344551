import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext } from '@playwright/test';
import { signInAsAdmin } from '../support/auth';
import {
  expectShowing,
  importRows,
  salesInvoices,
  startListsServer,
  type ListsServer,
} from '../support/server-lists';
import { expectToastShown, recordToasts } from '../support/toast-log';
import { dataTable, dataTableFrame } from '../support/ui';

/**
 * Issue 26, long posts: 600 sales invoices (two requests of 500 and 100) on a server of their own. While the
 * first request is held back, the bar reads 'Posting 0 of 600 …'; Cancel stops before the second, which is
 * never sent; the summary names what SAP posted, with its DocNums, and the 100 not sent stay selected.
 */
const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const COUNT = 600;

test.describe('a long post', () => {
  let server: ListsServer | undefined;
  let context: BrowserContext | undefined;
  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  test('shows its progress, stops at Cancel before the next request, and ends with a summary', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    server = await startListsServer();
    await importRows(server, 'sales-invoices', salesInvoices(COUNT));
    context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(recordToasts);
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/invoices/sales');
    const frame = dataTableFrame(page, 'Sales invoices');
    await expectShowing(frame, 100, COUNT);
    await dataTable(page, 'Sales invoices')
      .getByRole('checkbox', { name: 'Select all rows on this page' })
      .check();
    await frame.getByRole('button', { name: `Select all ${COUNT} matching records` }).click();
    await expect(frame.getByText(`${COUNT} of ${COUNT} records selected`, { exact: true })).toBeVisible({
      timeout: 60_000,
    });

    // The first request is held until the test has seen the bar and pressed Cancel.
    const sent: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/journalSaleInvoice', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sent.push((route.request().postDataJSON() as { postSap: unknown[] }).postSap.length);
      if (sent.length === 1) await held;
      await route.continue();
    });
    await frame.getByRole('button', { name: 'Post to SAP' }).click();
    await page
      .getByRole('dialog', { name: 'Post to SAP' })
      .getByRole('button', { name: 'Post', exact: true })
      .click();

    const bar = page.getByRole('status').filter({ hasText: 'Posting 0 of 600 …' });
    await expect(bar).toBeVisible();
    // At 0 the bar's filled part has no width: its value says where it stands.
    await expect(bar.getByRole('progressbar', { name: 'Posted so far' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: `${SHOTS}long-post-progress-desktop.png`,
      animations: 'disabled',
      caret: 'hide',
    });
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/^Stopping after this request: 0 of 600 answered$/)).toBeVisible();
    release();

    const summary = page.getByRole('dialog', { name: 'Post to SAP: summary' });
    await expect(summary.getByText('Posted 500', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(summary.getByText('Not posted 0', { exact: true })).toBeVisible();
    await expect(summary.getByText('Not sent (cancelled): 100; they stay selected.')).toBeVisible();
    await expect(summary.getByText(/^SAP DocNum \d+$/).first()).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Copy SAP DocNums' })).toBeVisible();
    await expectToastShown(page, 'Warning', 'Posting stopped: 500 posted; 100 not sent.');
    await page.screenshot({
      path: `${SHOTS}long-post-summary-desktop.png`,
      animations: 'disabled',
      caret: 'hide',
    });
    expect(sent).toEqual([500]);

    await summary.getByRole('button', { name: 'Close' }).click();
    await expect(summary).toBeHidden();
    // The 100 not sent are still there, still selected.
    await expectShowing(frame, 100, 100);
    await expect(frame.getByText('100 of 100 records selected', { exact: true })).toBeVisible();
  });
});
