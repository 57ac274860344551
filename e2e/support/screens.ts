import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * The screens of the route table (docs/spec/product-spec.md section 2), shared by the screenshot and accessibility specs:
 * where each one lives, how to reach it, and what a user sees once it has loaded.
 */
export type Screen = {
  /** File-name slug: docs/screenshots/<name>-desktop.png. */
  name: string;
  /** Human title for the README table and messages. */
  title: string;
  /** Reached signed out (the public group) or signed in. */
  access: 'public' | 'signed-in';
  path: string;
  /** Anything to do after the page loaded (e.g. pick a tab). */
  prepare?: (page: Page) => Promise<void>;
  /** Asserts what a user sees once the screen is ready (heading, table, fields). */
  expectReady: (page: Page) => Promise<void>;
};

/** A token URL: the page only checks that a token and an e-mail are present before showing the form. */
export const RESET_PASSWORD_PATH = '/password-reset/screenshot-token?email=someone%40example.com';

/** No Mantine LoadingOverlay is showing any more (the data of the screen has arrived). */
export async function expectNoLoadingOverlay(page: Page, timeout = 90_000): Promise<void> {
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: true });

/** A data table's counter 'Showing X of Y records' (the rows have been rendered). */
const showing = (page: Page) => page.getByText(/^Showing [\d,]+ of [\d,]+ records$/);

async function expectList(page: Page, title: string, table: string): Promise<Locator> {
  await expect(heading(page, title)).toBeVisible({ timeout: 30_000 });
  const grid = page.getByRole('table', { name: table, exact: true });
  await expect(grid).toBeVisible({ timeout: 60_000 });
  // The first render of 100 rows of inputs is slow on a busy machine.
  await expect(showing(page)).toBeVisible({ timeout: 90_000 });
  await expectNoLoadingOverlay(page);
  if ((await showing(page).innerText()).startsWith('Showing 0 of 0')) {
    // An empty list says so where the user looks, not beyond the right edge of a wide table.
    await expect(grid.getByText('No records found!', { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(grid.getByText('Try adjusting your filters or search criteria.')).toBeInViewport({
      ratio: 1,
    });
  }
  return grid;
}

/** The ledger / account selects have their options ('Loading accounts…' until then). */
async function expectAccountsLoaded(page: Page, name: RegExp): Promise<void> {
  const select = page.getByRole('combobox', { name }).first();
  await expect(select.locator('option').nth(1)).toBeAttached({ timeout: 90_000 });
}

export const SCREENS: Screen[] = [
  {
    name: 'login',
    title: 'Login',
    access: 'public',
    path: '/login',
    expectReady: async (page) => {
      await expect(heading(page, 'Log in to your account')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    title: 'Forgot password',
    access: 'public',
    path: '/forgot-password',
    expectReady: async (page) => {
      await expect(heading(page, 'Forgot your password?')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    },
  },
  {
    name: 'reset-password',
    title: 'Reset password',
    access: 'public',
    path: RESET_PASSWORD_PATH,
    expectReady: async (page) => {
      await expect(heading(page, 'Reset your password')).toBeVisible();
      await expect(page.getByText('Choose a new password for someone@example.com.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'New Password' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    title: 'Dashboard',
    access: 'signed-in',
    path: '/',
    expectReady: async (page) => {
      await expect(heading(page, 'Dashboard')).toBeVisible();
      for (const card of [
        'Sales Invoices',
        'Transporter Invoices \\(FJ\\)',
        'Transporter Invoices \\(SJ\\)',
        'Vas Transactions',
      ]) {
        // The counts have arrived: '–' until then.
        await expect(page.getByRole('link', { name: new RegExp(`^${card}: [\\d,]+ records`) })).toBeVisible({
          timeout: 60_000,
        });
      }
      // The charts (a lazy chunk) have drawn.
      await expect(page.locator('[data-testid="dashboard-chart"] svg').first()).toBeVisible({
        timeout: 60_000,
      });
      await expectNoLoadingOverlay(page);
    },
  },
  {
    name: 'sales-invoices',
    title: 'Sales Invoices',
    access: 'signed-in',
    path: '/invoices/sales',
    expectReady: async (page) => {
      await expectList(page, 'Sales Invoices', 'Sales invoices');
    },
  },
  {
    name: 'transporter-invoices-first-je',
    title: 'Transporter Invoices: Post First JE',
    access: 'signed-in',
    path: '/invoices/transporter',
    expectReady: async (page) => {
      await expect(page.getByRole('tab', { name: 'Post First JE' })).toHaveAttribute('aria-selected', 'true');
      await expectList(page, 'Transporter Invoices', 'First journal transporter invoices');
    },
  },
  {
    name: 'transporter-invoices-second-je',
    title: 'Transporter Invoices: Post Second JE',
    access: 'signed-in',
    path: '/invoices/transporter',
    prepare: async (page) => {
      const tab = page.getByRole('tab', { name: 'Post Second JE' });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
    },
    expectReady: async (page) => {
      await expectList(page, 'Transporter Invoices', 'Second journal transporter invoices');
    },
  },
  {
    name: 'cash-advance',
    title: 'Cash Advance',
    access: 'signed-in',
    path: '/advance/cash',
    expectReady: async (page) => {
      await expectList(page, 'Cash Advance', 'Cash advances');
      await expectAccountsLoaded(page, /^Posting ledger of trip /);
    },
  },
  {
    name: 'fuel-advance',
    title: 'Fuel Advance',
    access: 'signed-in',
    path: '/advance/fuel',
    expectReady: async (page) => {
      await expectList(page, 'Fuel Advance', 'Fuel advances');
      await expectAccountsLoaded(page, /^Posting ledger of trip /);
    },
  },
  {
    name: 'vas-transactions',
    title: 'VAS Transactions',
    access: 'signed-in',
    path: '/vas/transactions',
    expectReady: async (page) => {
      await expectList(page, 'VAS Transactions', 'VAS transactions');
      await expectAccountsLoaded(page, /^Revenue account of /);
    },
  },
  {
    name: 'users',
    title: 'Users',
    access: 'signed-in',
    path: '/users',
    expectReady: async (page) => {
      const grid = await expectList(page, 'Users', 'Users');
      await expect(grid.getByRole('cell', { name: 'admin@example.com', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
    },
  },
  {
    name: 'roles',
    title: 'Roles',
    access: 'signed-in',
    path: '/roles',
    expectReady: async (page) => {
      await expectList(page, 'Roles', 'Roles');
      await expect(page.getByRole('button', { name: 'Add Role' })).toBeVisible();
    },
  },
  {
    name: 'audit-logs',
    title: 'Audit Logs',
    access: 'signed-in',
    path: '/logs',
    expectReady: async (page) => {
      await expectList(page, 'Audit Logs', 'Audit logs');
    },
  },
  {
    name: 'settings',
    title: 'Settings',
    access: 'signed-in',
    path: '/general-settings',
    expectReady: async (page) => {
      await expect(heading(page, 'Settings')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'ERP Connection' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Company DB' })).not.toHaveValue('', {
        timeout: 30_000,
      });
      await expectNoLoadingOverlay(page);
    },
  },
  {
    name: 'my-account',
    title: 'My Account',
    access: 'signed-in',
    path: '/account',
    expectReady: async (page) => {
      await expect(heading(page, 'My Account')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Sessions' }).getByText('This device')).toBeVisible({
        timeout: 30_000,
      });
      await expectNoLoadingOverlay(page);
    },
  },
  {
    name: 'posting-history',
    title: 'Posting History',
    access: 'signed-in',
    path: '/postings',
    expectReady: async (page) => {
      await expect(heading(page, 'Posting History')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('table', { name: 'Postings', exact: true })).toBeVisible({
        timeout: 60_000,
      });
      await expectNoLoadingOverlay(page);
    },
  },
  {
    name: 'reconciliation',
    title: 'Reconciliation',
    access: 'signed-in',
    path: '/reconciliation',
    expectReady: async (page) => {
      await expect(heading(page, 'Reconciliation')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('form', { name: 'Run a reconciliation' })).toBeVisible();
      await expect(
        page
          .getByRole('table', { name: 'Reconciliation runs' })
          .or(page.getByText('No reconciliation has run yet.')),
      ).toBeVisible({ timeout: 30_000 });
      await expectNoLoadingOverlay(page);
    },
  },
  {
    name: 'not-found',
    title: 'Not found (404)',
    access: 'signed-in',
    path: '/no/such/page',
    expectReady: async (page) => {
      await expect(heading(page, '404 Error')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible();
    },
  },
];

/** The localStorage key under which the app remembers the colour scheme (Mantine's colour scheme manager). */
export const COLOR_SCHEME_KEY = 'ff-color-scheme';

export type ColorScheme = 'light' | 'dark';

/** Every page of `context` opens in `scheme`, as if the user had picked it with the header's switch. */
export async function applyColorScheme(context: BrowserContext, scheme: ColorScheme): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    COLOR_SCHEME_KEY,
    scheme,
  ] as const);
}

/** Opens a screen and waits until it shows what a user expects of it. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await screen.prepare?.(page);
  await screen.expectReady(page);
}
