import { expect, test, type Page } from '@playwright/test';
import { apiCall, createUserWithRole, signIn, uniqueSuffix } from '../support/auth';
import {
  AGING_LABELS,
  AGING_TITLE,
  chartTable,
  count,
  dayLabel,
  expectedCells,
  fitsWidth,
  KIND_LABELS,
  POSTED_TITLE,
  SPEC_KIND_LABELS,
  rowCells,
  awaitingAmountLines,
  sapStatusOf,
  summaryOf,
} from '../support/dashboard';
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

  test("the awaiting figures and both charts show the summary's numbers, as text for screen readers too", async ({
    page,
  }) => {
    await page.goto('/');
    const awaiting = page.getByRole('table', { name: 'Awaiting posting', exact: true });
    await expect(awaiting).toBeVisible();
    const summary = await summaryOf(page);
    expect(summary.kinds.map((k) => k.kind)).toEqual(Object.keys(KIND_LABELS));
    expect(Object.keys(KIND_LABELS).filter((kind) => kind in SPEC_KIND_LABELS)).toEqual(
      Object.keys(SPEC_KIND_LABELS),
    );

    // Per kind: records awaiting, their amount (a line per currency: the demo bills transit trips in USD), failed.
    for (const kind of summary.kinds) {
      expect(await rowCells(awaiting, KIND_LABELS[kind.kind]!)).toEqual([
        count(kind.awaiting.count),
        awaitingAmountLines(kind.awaiting).join(''),
        count(kind.failed),
      ]);
    }
    const sales = summary.kinds.find((k) => k.kind === 'journalSaleInvoice')!;
    expect(sales.awaiting.currencies.map((figure) => figure.currency)).toEqual(['USD']);
    const salesAmounts = awaiting
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: KIND_LABELS.journalSaleInvoice! }) })
      .getByRole('listitem');
    await expect(salesAmounts).toHaveText(awaitingAmountLines(sales.awaiting));
    const failed = summary.kinds.reduce((sum, kind) => sum + kind.failed, 0);
    await expect(page.getByRole('region', { name: 'Failed postings' })).toContainText(count(failed));
    const vas = summary.kinds.find((k) => k.kind === 'journalVasTransaction')!;
    await expect(page.getByRole('region', { name: 'VAS queue' })).toContainText(count(vas.queued));

    // The charts are drawn (a lazy chunk) and their tables hold the same numbers as the summary.
    await expect(page.getByTestId('dashboard-chart').locator('svg.recharts-surface')).toHaveCount(2);
    const aging = chartTable(page, AGING_TITLE);
    for (const [bucket, label] of Object.entries(AGING_LABELS)) {
      const counts = summary.kinds.map((k) => k.aging.find((a) => a.bucket === bucket)!.count);
      expect(await rowCells(aging, label), label).toEqual(expectedCells(counts));
    }
    const posted = chartTable(page, POSTED_TITLE);
    await expect(posted.getByRole('rowheader')).toHaveCount(30);
    const days = summary.kinds[0]!.postedPerDay.map((d) => d.day);
    expect(days.at(-1)).toBe(summary.today);
    for (const [index, day] of days.entries()) {
      const counts = summary.kinds.map((k) => k.postedPerDay[index]!.count);
      expect(await rowCells(posted, dayLabel(day)), day).toEqual(expectedCells(counts));
    }
    const postedTotal = summary.kinds.reduce(
      (sum, k) => sum + k.postedPerDay.reduce((s, d) => s + d.count, 0),
      0,
    );
    await expect(
      page.getByText(`${postedTotal.toLocaleString('en-US')} records posted to SAP in the last 30 days`),
    ).toBeVisible();
  });

  test('the SAP connection status is shown with its message; the administrator may check again', async ({
    page,
  }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'SAP connection' });
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    const status = await sapStatusOf(page);
    expect(status.state).toBe('connected');
    await expect(card).toContainText(status.message);
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/v1/sap-status?refresh=1'));
    await card.getByRole('button', { name: 'Check again' }).click();
    expect((await checked).status()).toBe(200);
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  });

  test('a clerk sees the SAP status too, without "Check again"', async ({ page, browser }) => {
    const stamp = uniqueSuffix();
    const clerk = await createUserWithRole(page, {
      roleName: `Dashboard Clerk ${stamp}`,
      permissions: ['View Sales Invoices'],
      email: `dashboard-clerk-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, clerk);
    const card = other.getByRole('region', { name: 'SAP connection' });
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Check again' })).toHaveCount(0);
    // Only the kinds they may view are in the figures.
    await expect(
      other.getByRole('table', { name: 'Awaiting posting', exact: true }).getByRole('rowheader'),
    ).toHaveText(['Sales Invoices']);
    await expect(other.getByRole('region', { name: 'VAS queue' })).toHaveCount(0);
    await context.close();
  });

  test('at phone width (375 px) the dashboard and its charts fit without horizontal scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByTestId('dashboard-chart').locator('svg.recharts-surface')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Awaiting posting', exact: true })).toBeVisible();
    expect(await fitsWidth(page)).toBe(true);
    const chart = await page.getByTestId('dashboard-chart').first().boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(375);
    expect(chart!.width).toBeGreaterThan(250);
  });
});
