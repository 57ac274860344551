import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { PostingDefaultSettings, SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn, xsrfHeaders } from '../support/auth';
import { postButton, selectBox } from '../support/posting';
import { expectToast } from '../support/ui';

/**
 * Issue 26, confirm before posting: above the rule of Settings > Posting defaults (50 rows by default), Post
 * to SAP asks first, naming what goes; Cancel sends nothing. The rule is set to 1 row for this test and put back.
 */
const SCREENSHOT = fileURLToPath(
  new URL('../../docs/screenshots/post-confirmation-desktop.png', import.meta.url),
);
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });

async function saveRule(page: Page, body: Partial<PostingDefaultSettings>) {
  const saved = await apiCall<{ data: PostingDefaultSettings }>(page, 'GET', '/settings/posting-defaults');
  const response = await page.request.put('/api/v1/settings/posting-defaults', {
    headers: await xsrfHeaders(page.context()),
    data: { ...saved.data, ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** '1,234.50': the dialog's total, from the rows' exact decimal amounts (cents, no float sums). */
const totalOf = (rows: SalesInvoiceRow[]) => {
  const cents = rows.reduce((sum, row) => {
    const [whole = '0', fraction = ''] = String(row.amount ?? '0').split('.');
    return sum + BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  }, 0n);
  const text = cents.toString().padStart(3, '0');
  return `${BigInt(text.slice(0, -2)).toLocaleString('en-US')}.${text.slice(-2)}`;
};

test.describe('Post to SAP above the confirmation rule', () => {
  test.describe.configure({ timeout: 120_000 });

  test('asks first, naming the rows and their total; Cancel sends nothing, Post sends them', async ({
    page,
  }) => {
    await signIn(page);
    await saveRule(page, { confirmAboveRows: 1, confirmAboveAmount: null });
    try {
      const rows = (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;
      // Two of the company's currency, so the question has one total.
      const chosen = rows.filter((row) => !row.currency).slice(20, 22);
      await page.goto('/invoices/sales');
      await expect(table(page)).toBeVisible({ timeout: 60_000 });
      for (const row of chosen) await selectBox(page, row.id).check();

      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/v1/journalSaleInvoice')) posts.push(r.url());
      });
      await postButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Post to SAP' });
      await expect(
        dialog.getByText(`Post 2 sales invoices totalling ${totalOf(chosen)} to SAP?`),
      ).toBeVisible();
      // The dialog's Post has the focus: Enter would send.
      await expect(dialog.getByRole('button', { name: 'Post', exact: true })).toBeFocused();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: SCREENSHOT, animations: 'disabled', caret: 'hide' });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(posts).toEqual([]);
      for (const row of chosen) await expect(selectBox(page, row.id)).toBeChecked();

      await postButton(page).click();
      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
      await expectToast(page, {
        title: 'Success',
        message: 'Sales invoices posted successfully',
        color: 'blue',
      });
      expect(posts).toHaveLength(1);
      for (const row of chosen) await expect(selectBox(page, row.id)).toHaveCount(0);
    } finally {
      await saveRule(page, { confirmAboveRows: 50, confirmAboveAmount: null });
    }
  });
});
