import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsAdmin, uniqueSuffix } from '../support/auth';
import { expectAccessibleInBothSchemes } from '../support/account';
import { collectConsoleErrors } from '../support/console';
import { E2E_ADMIN } from '../support/env';
import { expectToast } from '../support/ui';

/**
 * The trip system's feed as an integrator writes it: the repository's example program (examples/trip-feed, a
 * client generated from the served OpenAPI document), run from this test process with the token the administrator
 * created. It imports one trip's records of every kind and prints, per kind, what was created or why it was refused;
 * it exits 1 when any kind was refused.
 */
function runTripFeed(baseURL: string, token: string, trip: string) {
  const example = fileURLToPath(new URL('../../examples/trip-feed/', import.meta.url));
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: example,
      env: { ...process.env, FF_URL: baseURL, FF_TOKEN: token, FF_TRIP: trip },
      encoding: 'utf8',
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

const COLUMNS = ['Name', 'Imports', 'Created by', 'Created', 'Expires', 'Last used', 'Status'];
const tokensTable = (page: Page) => page.getByRole('table', { name: 'API tokens' });
const rowOf = (page: Page, name: string) =>
  tokensTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const cell = (row: Locator, column: (typeof COLUMNS)[number]) =>
  row.getByRole('cell').nth(COLUMNS.indexOf(column));

async function openTokensTab(page: Page) {
  await page.goto('/general-settings');
  await page.getByRole('tab', { name: 'API tokens' }).click();
  await expect(page.getByText('Authorization: Bearer <token>')).toBeVisible();
}

test.describe('settings: API tokens', () => {
  test('an administrator creates a Cash advances token, the example trip feed imports with it, and revoking it stops it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const consoleErrors = collectConsoleErrors(page);
    const name = `tms-e2e-${uniqueSuffix()}`;
    await signInAsAdmin(page);
    await openTokensTab(page);

    // Keyboard only, at phone width: the form, then the token shown once.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'New API token' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New API token' });
    await expect(form).toBeVisible();
    const nameInput = form.getByRole('textbox', { name: 'Name' });
    await expect(nameInput).toBeFocused();
    // One box per import, none chosen to start with.
    await expect(form.getByRole('checkbox', { name: 'Cash advances' })).toBeVisible();
    for (const box of await form.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    // Nothing chosen: the contract's messages, nothing sent.
    await form.getByRole('button', { name: 'Create' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByText('The token name is required.')).toBeVisible();
    await expect(form.getByText('Choose at least one kind of record the token may import.')).toBeVisible();
    await expectAccessibleInBothSchemes(page, 'the New API token form at phone width');

    await nameInput.focus();
    await page.keyboard.type(name);
    await form.getByRole('checkbox', { name: 'Cash advances' }).focus();
    await page.keyboard.press('Space');
    await expect(form.getByRole('checkbox', { name: 'Cash advances' })).toBeChecked();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/api-tokens') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create' }).focus();
    await page.keyboard.press('Enter');
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({ name, kinds: ['cash-advances'], expiresOn: null });

    const shown = page.getByRole('dialog', { name: 'API token created' });
    const tokenField = shown.getByRole('textbox', { name: 'API token' });
    await expect(tokenField).toHaveValue(/^ffk_\S{20,}$/);
    await expect(tokenField).toHaveAttribute('readonly', '');
    const token = await tokenField.inputValue();
    // Copy puts it on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await shown.getByRole('button', { name: 'Copy' }).focus();
    await page.keyboard.press('Enter');
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expect(
      shown.getByText(`API token "${name}" created. Copy it now: it is not shown again.`),
    ).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await expect(shown).toBeHidden();
    await expect(page.locator(`input[value="${token}"]`)).toHaveCount(0);

    // The new token leads the list; the table scrolls sideways inside its focusable box, the page does not.
    const row = rowOf(page, name);
    await expect(cell(row, 'Imports')).toHaveText('Cash advances');
    await expect(cell(row, 'Created by')).toHaveText(E2E_ADMIN.name);
    await expect(cell(row, 'Expires')).toHaveText('Never');
    await expect(cell(row, 'Last used')).toHaveText('Never');
    await expect(cell(row, 'Status')).toHaveText('Active');
    const scrollBox = page.getByRole('group', { name: 'API tokens' });
    await expect(scrollBox).toHaveAttribute('tabindex', '0');
    expect(await scrollBox.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'fits 390 px' })
      .toBeLessThanOrEqual(390);
    await expectAccessibleInBothSchemes(page, 'the API tokens tab at phone width');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The trip system's feed (the example program) imports with it: the cash advance is created, the kinds the
    // token may not import are refused with 403 naming the one it may.
    const trip = `TRP-E2E-${uniqueSuffix()}`;
    const fed = runTripFeed(baseURL!, token, trip);
    expect(fed.output).toContain('cash-advances: 1 received, 1 created, 0 updated, 0 unchanged, 0 rejected');
    expect(fed.output).toContain(
      `sales-invoices: refused (403): The API token "${name}" may import cash-advances only, not sales-invoices.`,
    );
    expect(fed.code).toBe(1);

    // The list shows when and from where it was last used.
    await openTokensTab(page);
    await expect(cell(row, 'Last used')).toContainText(/\d{2} \w{3} \d{4}, \d{2}:\d{2}/);
    await expect(cell(row, 'Last used')).toContainText('from 127.0.0.1');

    // Revoked in the browser: asked first, then refused at once.
    await row.getByRole('button', { name: `Revoke ${name}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Revoke API token "${name}"?` });
    await expect(confirm.getByText('Imports with it are refused at once.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expectToast(page, { message: `API token "${name}" revoked.`, color: 'blue' });
    await expect(confirm).toBeHidden();
    await expect(cell(row, 'Status')).toHaveText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

    // The feed's next run is refused with 401, saying the token was revoked.
    const refused = runTripFeed(baseURL!, token, trip);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      new RegExp(
        `cash-advances: refused \\(401\\): The API token "${name}" was revoked on \\d{1,2} \\w{3} \\d{4} \\d{2}:\\d{2}; ask an administrator for a new one\\.`,
      ),
    );
    expect(consoleErrors.errors).toEqual([]);
  });
});
