import { expect, test } from '@playwright/test';
import {
  adminApiSession,
  createUserViaApi,
  fillLogin,
  setPasswordFromInvite,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { E2E_ADMIN } from '../support/env';
import { bodyRows, dataTable, expectToast, toast, toastColor } from '../support/ui';
import { createAuditorRole, fillUser, openAddUser, searchTable } from '../support/users';

const ADD_USER_SUCCESS =
  'User has been added successfully. A link to set their password has been e-mailed to them.';

// A user's status switch: a new user's life from the invitation to being disabled, its failures and the
// toast queue, one's own account.
test.describe('users', () => {
  test.beforeEach(async ({ page }) => signInAsAdmin(page));

  test('a new user gets a set-password mail, signs in, and disabling them ends their open session', async ({
    page,
    browser,
  }) => {
    test.slow();
    const suffix = uniqueSuffix();
    const role = await createAuditorRole(suffix);
    const email = `amina.${suffix}@example.com`;
    const name = `Amina Otieno${suffix}`;
    const password = 'Amina-e2e-Passw0rd';

    const dialog = await openAddUser(page);
    await fillUser(page, dialog, {
      first: 'Amina',
      last: `Otieno${suffix}`,
      email,
      mobile: '0712 345 678',
      role,
    });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/users') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const body = (await (await created).json()) as { name: string; mobileNo: string; role: string[] };
    expect(body.name).toBe(name);
    expect(body.mobileNo).toBe('+254712345678');
    expect(body.role).toEqual([role]);
    await expectToast(page, { message: ADD_USER_SUCCESS, color: 'blue' });
    await expect(dialog).toBeHidden();

    const table = dataTable(page, 'Users');
    await searchTable(page, suffix);
    const row = bodyRows(table).filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText('+254712345678');
    await expect(row).toContainText(role);
    await expect(row).toContainText(E2E_ADMIN.name); // Created By

    // The set-password link from the mail works and the new user signs in (second browser context).
    const theirs = await browser.newContext();
    const them = await theirs.newPage();
    try {
      await setPasswordFromInvite(them, email, password);
      await signIn(them, email, password);
      // Audit Logs loads its filter choices after the table: both answered before the session is ended, so
      // neither is the request that finds it ended.
      const filterChoices = Promise.all(
        ['/api/v1/audits/actors', '/api/v1/audits/event-types'].map((path) =>
          them.waitForResponse((r) => new URL(r.url()).pathname === path),
        ),
      );
      await them
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Audit Logs' })
        .click();
      await expect(dataTable(them, 'Audit logs')).toBeVisible();
      expect((await filterChoices).map((r) => r.status())).toEqual([200, 200]);

      // The administrator disables them...
      const toggle = row.getByRole('switch', { name: `Toggle status of ${name}` });
      await expect(toggle).toBeChecked();
      const listLoads: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/v1/users') listLoads.push(r.url());
      });
      const patched = page.waitForResponse((r) => /\/api\/v1\/toggleUser\/\d+$/.test(r.url()));
      await toggle.click({ force: true });
      expect((await patched).request().postDataJSON()).toEqual({ toggleStatus: false });
      await expectToast(page, { message: 'User status updated successfully', color: 'blue' });
      await expect(toggle).not.toBeChecked();
      await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
      // Users flip locally: the list is not loaded again.
      expect(listLoads).toEqual([]);

      // ...and their open session is refused on its very next request: the click on Roles, or the bell's
      // once-a-minute unread-count poll should that come first on a slow machine (then they sign in again to
      // Audit Logs, the page the session ended on).
      const next = await them.request.get('/user', { headers: { Accept: 'application/json' } });
      expect(next.status()).toBe(401);
      const clicked = them
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Roles' })
        .click({ timeout: 15_000 })
        .then(
          () => true,
          () => false,
        );
      await expect(them).toHaveURL(/\/login$/);
      const endedOn = (await clicked) ? 'Roles' : 'Audit Logs';
      // The toast of a poll that came first may have closed (after 4 s) by now; the click's is checked.
      if (endedOn === 'Roles')
        await expectToast(them, {
          title: 'Error',
          message: 'Your session has ended. Please log in again.',
          color: 'red',
        });

      // Signing in again is refused with a clear message.
      await fillLogin(them, email, password);
      await them.getByRole('button', { name: 'Log In' }).click();
      await expectToast(them, {
        title: 'Error!',
        message: 'This account has been disabled. Please contact your administrator.',
        color: 'red',
      });

      // Enabled again, they can sign in.
      await toggle.click({ force: true });
      await expect(toggle).toBeChecked();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      // Signing in again brings them back to the page the ended session was on (issue 12, defect 5).
      await fillLogin(them, email, password);
      await them.getByRole('button', { name: 'Log In' }).click();
      await expect(them).toHaveURL(endedOn === 'Roles' ? /\/roles$/ : /\/logs$/);
      await expect(them.getByRole('heading', { name: endedOn, level: 1 })).toBeVisible();
    } finally {
      await theirs.close();
    }
  });

  test('list and status failures have their own messages; at most five toasts show at once', async ({
    page,
  }) => {
    test.slow();
    // A list failure without a server message.
    await page.route('**/api/v1/users?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.route('**/api/v1/users', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/users');
    // TanStack retries a 500 three times (1 s, 2 s, 4 s) before the alert.
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load users' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(alert).not.toContainText('transporter');

    // A 403 says 'Access Denied' with the server's message.
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/v1/users', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'You need the Manage Users permission to do this.' }),
      }),
    );
    await page.goto('/users');
    const denied = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(denied).toBeVisible();
    await expect(denied).toContainText('You need the Manage Users permission to do this.');
    await page.unrouteAll({ behavior: 'wait' });

    // Status failures: a throwaway user, whose switch fails six times in a row.
    const suffix = uniqueSuffix();
    const role = await createAuditorRole(suffix);
    const admin = await adminApiSession();
    const name = `Toggle Failure${suffix}`;
    try {
      await createUserViaApi(admin, { name, email: `toggle.${suffix}@example.com`, role });
    } finally {
      await admin.dispose();
    }
    let patches = 0;
    await page.route('**/api/v1/toggleUser/*', (route) => {
      patches += 1;
      return route.fulfill({ status: 500, body: '' });
    });
    // A controlled clock: the six failures are all raised before any toast's 4 s auto-close runs.
    await page.clock.install();
    await page.goto('/users');
    await searchTable(page, suffix);
    const toggle = page.getByRole('switch', { name: `Toggle status of ${name}` });
    await expect(toggle).toBeChecked();
    // Counts every failure toast ever rendered, to see the queued sixth one appear later.
    await page.evaluate(() => {
      const seen = new Set<Element>();
      (window as unknown as { failureToasts: () => number }).failureToasts = () => seen.size;
      new MutationObserver(() => {
        for (const el of Array.from(document.querySelectorAll('.mantine-Notification-root'))) {
          if (el.textContent?.includes('Failed to update user status')) seen.add(el);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    for (let i = 1; i <= 6; i += 1) {
      await toggle.click({ force: true });
      // Paused timers: step the clock in small slices so the request settles and the switch unlocks.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return patches === i && (await toggle.isEnabled());
        })
        .toBe(true);
    }
    const failures = toast(page, { title: 'Error', message: 'Failed to update user status' });
    // The toast library loads with the first toast (lib/notify.ts); its transitions run on the paused clock.
    await expect
      .poll(async () => {
        await page.clock.runFor(20);
        return failures.count();
      })
      .toBe(5);
    expect(await toastColor(failures)).toBe('red');
    // Still active: a failed change does not flip the row.
    await expect(toggle).toBeChecked();
    // The sixth waits in the queue and shows when one closes (4 s), then all close.
    const rendered = () =>
      page.evaluate(() => (window as unknown as { failureToasts: () => number }).failureToasts());
    expect(await rendered()).toBe(5);
    await page.clock.resume();
    await expect.poll(rendered, { timeout: 15_000 }).toBe(6);
    await expect(failures).toHaveCount(0, { timeout: 20_000 });
  });

  test("nobody can disable their own account: the server's reason is shown", async ({ browser }) => {
    // A second administrator tries it, so the suite's administrator is never at risk.
    const suffix = uniqueSuffix();
    const email = `second-admin.${suffix}@example.com`;
    const password = 'SecondAdmin-e2e-1';
    const name = `Second Admin${suffix}`;
    const admin = await adminApiSession();
    try {
      await createUserViaApi(admin, { name, email, role: 'Administrator' });
    } finally {
      await admin.dispose();
    }
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await setPasswordFromInvite(page, email, password);
      await signIn(page, email, password);
      await page.goto('/users');
      await searchTable(page, email);
      const toggle = page.getByRole('switch', { name: `Toggle status of ${name}` });
      await toggle.click({ force: true });
      await expectToast(page, {
        title: 'Error',
        message: 'You cannot disable your own account.',
        color: 'red',
      });
      await expect(toggle).toBeChecked();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
