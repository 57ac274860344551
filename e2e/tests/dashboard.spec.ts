import { expect, test, type Page } from '@playwright/test';
import { apiCall, createUserWithRole, signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';

const LISTS = {
  'Sales Invoices': '/journalSaleInvoice',
  'Transporter Invoices (FJ)': '/firstJournalTransporterInvoice',
  'Transporter Invoices (SJ)': '/secondJournalTransporterInvoice',
  'Vas Transactions': '/journalVasTransaction',
} as const;

const escape = (text: string) => text.replace(/[()]/g, '\\$&');
const card = (page: Page, title: keyof typeof LISTS) =>
  page.getByRole('link', { name: new RegExp(`^${escape(title)}: `) });
const grouped = new Intl.NumberFormat('en-US');

test.describe('Dashboard', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => signIn(page));

  test('counts the four lists, issued in parallel without params', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/') && r.method() === 'GET') requests.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Finance.*Dashboard/);
    for (const [title, path] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
      const { data } = await apiCall<{ data: unknown[] }>(page, 'GET', path);
      await expect(card(page, title)).toContainText(grouped.format(data.length));
      await expect(card(page, title)).toContainText(title);
    }
    for (const path of Object.values(LISTS)) {
      expect(requests.filter((url) => new URL(url).pathname === `/api/v1${path}`).length).toBeGreaterThan(0);
      for (const url of requests.filter((u) => new URL(u).pathname === `/api/v1${path}`)) {
        expect(new URL(url).search).toBe('');
      }
    }
  });

  test('each card links to its screen; the transporter cards open their tab', async ({ page }) => {
    await page.goto('/');
    await card(page, 'Sales Invoices').click();
    await expect(page).toHaveURL(/\/invoices\/sales$/);
    await expect(page.getByRole('heading', { name: 'Sales Invoices' })).toBeVisible();

    await page.goto('/');
    await card(page, 'Transporter Invoices (FJ)').click();
    await expect(page).toHaveURL(/\/invoices\/transporter$/);
    await expect(page.getByRole('tab', { name: 'Post First JE' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/');
    await card(page, 'Transporter Invoices (SJ)').click();
    await expect(page).toHaveURL(/\/invoices\/transporter$/);
    await expect(page.getByRole('tab', { name: 'Post Second JE' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Second journal transporter invoices' })).toBeVisible();

    await page.goto('/');
    await card(page, 'Vas Transactions').click();
    await expect(page).toHaveURL(/\/vas\/transactions$/);
  });

  test('the cards are reachable and followed with the keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(card(page, 'Transporter Invoices (SJ)')).toBeVisible();
    await card(page, 'Transporter Invoices (SJ)').focus();
    await expect(card(page, 'Transporter Invoices (SJ)')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Post Second JE' })).toHaveAttribute('aria-selected', 'true');
  });

  test("a user without the view permissions sees 'Access Denied'", async ({ page, browser }) => {
    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `Dashboard Only ${stamp}`,
      permissions: ['View Audit Logs'],
      email: `dashboard-only-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, limited);
    const alert = other.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await context.close();
  });
});
