import { expect, test, type Page } from '@playwright/test';
import { apiCall, createUserWithRole, signIn, uniqueSuffix } from '../support/auth';
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

  test("each card shows its list's count, read from one dashboard call", async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/') && r.method() === 'GET') requests.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Finance.*Dashboard/);
    for (const [title, path] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
      const { data } = await apiCall<{ data: unknown[] }>(page, 'GET', path);
      await expect(card(page, title)).toContainText(grouped.format(data.length));
      await expect(card(page, title)).toContainText(title);
    }
    await expect(page.getByRole('link', { name: /records awaiting posting$/ })).toHaveCount(4);
    // The counts come from the summary: the page itself fetched no list.
    expect(requests.filter((path) => path === '/api/v1/dashboard').length).toBeGreaterThan(0);
    for (const path of Object.values(LISTS)) expect(requests).not.toContain(`/api/v1${path}`);
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

  test('a user sees the cards of the kinds they may view, and no access alert', async ({ page, browser }) => {
    const stamp = uniqueSuffix();
    const limited = await createUserWithRole(page, {
      roleName: `Dashboard Sales VAS ${stamp}`,
      permissions: ['View Sales Invoices', 'View VAS Transactions'],
      email: `dashboard-some-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, limited);
    await expect(card(other, 'Sales Invoices')).toContainText(/\d/);
    await expect(card(other, 'Vas Transactions')).toContainText(/\d/);
    await expect(other.getByRole('link', { name: /records awaiting posting$/ })).toHaveCount(2);
    await expect(card(other, 'Transporter Invoices (FJ)')).toHaveCount(0);
    await expect(other.getByRole('alert')).toHaveCount(0);
    await context.close();
  });

  test('a user who may view no list sees no card and no access alert', async ({ page, browser }) => {
    const stamp = uniqueSuffix();
    const limited = await createUserWithRole(page, {
      roleName: `Dashboard Only ${stamp}`,
      permissions: ['View Audit Logs'],
      email: `dashboard-only-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    const summary = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard');
    await signIn(other, limited);
    expect((await summary).status()).toBe(200);
    await expect(other.getByRole('link', { name: /records awaiting posting$/ })).toHaveCount(0);
    await expect(other.getByRole('alert')).toHaveCount(0);
    await expect(other.getByText('Access Denied')).toHaveCount(0);
    await context.close();
  });

  test('a failed load shows the error alert with the server message', async ({ page }) => {
    // The server does not fail on demand: the answer is replaced at the network boundary.
    await page.route('**/api/v1/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }),
    );
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: 'Server Error' });
    // The app retries a 500 three times with backoff (about 7 s) before it shows the failure.
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(page.getByRole('link', { name: /records awaiting posting$/ })).toHaveCount(0);
    await page.unroute('**/api/v1/dashboard');
  });
});
