import { expect, test, type Page } from '@playwright/test';
import type { FuelAdvanceRow, SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn } from '../support/auth';

/**
 * Posting with the keyboard alone: after signing in, no mouse click. The user moves with Tab / Shift+Tab,
 * follows a navigation link with Enter, ticks a row with Space and posts with Enter.
 */

type Focused = {
  tag: string;
  name: string;
  type: string | null;
  checked: boolean | null;
  value: string | null;
};

/** What has the keyboard focus: tag, accessible name (aria-label, else the text), input type, state. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', type: null, checked: null, value: null };
    const input = el instanceof HTMLInputElement ? el : null;
    return {
      tag: el.tagName,
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      type: input?.type ?? null,
      checked: input && (input.type === 'checkbox' || input.type === 'radio') ? input.checked : null,
      value: input || el instanceof HTMLSelectElement ? (el as HTMLInputElement).value : null,
    };
  });
}

/** Presses `key` until the focused element satisfies `wanted` (at most `max` presses). */
async function pressUntilFocused(
  page: Page,
  key: 'Tab' | 'Shift+Tab',
  wanted: (f: Focused) => boolean,
  what: string,
  max = 150,
): Promise<Focused> {
  let now = await focused(page);
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    now = await focused(page);
    if (wanted(now)) return now;
  }
  throw new Error(`${what}: not reached with ${max} x ${key}; the focus ended on ${JSON.stringify(now)}`);
}

const isNavLink = (label: string) => (f: Focused) => f.tag === 'A' && f.name === label;
const isPostButton = (f: Focused) => f.tag === 'BUTTON' && f.name === 'Post to SAP';
// A posting row's checkbox names its trip (issue 26, defect 16: it read 'Select row 89').
const ROW_BOX = /^Select trip (.+)$/;
const isRowBox = (f: Focused) => f.type === 'checkbox' && ROW_BOX.test(f.name);

/** Follows a link of the left navigation with Tab and Enter. */
async function openWithKeyboard(page: Page, link: string, path: RegExp): Promise<void> {
  await pressUntilFocused(page, 'Tab', isNavLink(link), `the '${link}' navigation link`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(path);
}

/**
 * Records the text of every toast from page load on, so a toast is seen even when a busy machine looks
 * later than its 4 s on screen. Registered with page.addInitScript.
 */
function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver(() => {
    document.querySelectorAll('.mantine-Notification-root').forEach((toast) => {
      const text = toast.textContent ?? '';
      if (!seen.includes(text)) seen.push(text);
    });
  }).observe(document, { childList: true, subtree: true });
}

async function expectToastShown(page: Page, ...parts: string[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((text) =>
              wanted.every((part) => text.includes(part)),
            ),
          parts,
        ),
      { timeout: 60_000, message: `a toast with ${parts.join(' + ')}` },
    )
    .toBe(true);
}

test.describe('keyboard only', () => {
  // Posting waits for SAP and reloads pages of 100 rows of inputs; the shared machine is slow.
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordToasts);
    await signIn(page);
  });

  test('Sales Invoices: tab to a row, tick it with Space, tab to Post to SAP and press Enter', async ({
    page,
  }) => {
    const before = (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;
    await openWithKeyboard(page, 'Sales Invoices', /\/invoices\/sales$/);
    const table = page.getByRole('table', { name: 'Sales invoices' });
    await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ records$/)).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout: 60_000 });

    // The first row that can be ticked, whichever it is (other specs post rows of the same demo data).
    const box = await pressUntilFocused(page, 'Tab', isRowBox, 'a row selection checkbox');
    const trip = ROW_BOX.exec(box.name)![1];
    const row = before.find((r) => r.tripNumber === trip)!;
    expect(row, `trip ${trip} is listed by the API`).toBeTruthy();
    const checkbox = page.getByRole('checkbox', { name: box.name, exact: true });
    await expect(checkbox).toBeFocused();
    await expect(checkbox).not.toBeChecked();

    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await expect(
      page.getByText(`1 of ${before.length.toLocaleString('en-US')} records selected`),
    ).toBeVisible();

    await pressUntilFocused(page, 'Shift+Tab', isPostButton, "the 'Post to SAP' button");
    const post = page.getByRole('button', { name: 'Post to SAP' });
    await expect(post).toBeFocused();
    await expect(post).toBeEnabled();
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/journalSaleInvoice') && r.method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const body = (await request).postDataJSON() as { postSap: { saleInvoice: number }[] };
    expect(body.postSap.map((e) => e.saleInvoice)).toEqual([row.id]);

    await expectToastShown(page, 'Success', 'Sales invoices posted successfully');
    await expect(table.getByText(row.tripNumber, { exact: true })).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByText(/records selected/)).toHaveCount(0);
    await expect(post).toBeDisabled();
  });

  test('Fuel Advance: type the pickup order number, pick the ledger, type the quantity, tick the row and post', async ({
    page,
  }) => {
    const before = (await apiCall<{ data: FuelAdvanceRow[] }>(page, 'GET', '/journalFuelAdvance')).data;
    await openWithKeyboard(page, 'Fuel Advance', /\/advance\/fuel$/);
    const table = page.getByRole('table', { name: 'Fuel advances' });
    await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ records$/)).toBeVisible({ timeout: 90_000 });
    // The ledgers have loaded once a select offers them.
    await expect(page.getByRole('combobox', { name: /^Posting ledger of trip / }).first()).toContainText(
      'Petty Cash',
      { timeout: 90_000 },
    );
    await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout: 60_000 });

    // The first row's pickup order number field, whichever row is first.
    const pickup = await pressUntilFocused(
      page,
      'Tab',
      (f) => f.tag === 'INPUT' && f.name.startsWith('Pickup order number of trip '),
      'a pickup order number field',
    );
    const trip = pickup.name.replace('Pickup order number of trip ', '');
    const row = before.find((r) => r.tripNumber === trip)!;
    expect(row, `trip ${trip} is listed by the API`).toBeTruthy();
    await page.keyboard.type('KB-PU-7001');
    await expect(page.getByRole('textbox', { name: pickup.name, exact: true })).toHaveValue('KB-PU-7001');

    // Tab to the ledger and choose the first account with the arrow key.
    await page.keyboard.press('Tab');
    const ledger = page.getByRole('combobox', { name: `Posting ledger of trip ${trip}`, exact: true });
    await expect(ledger).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(ledger).not.toHaveValue('');
    const ledgerId = Number(await ledger.inputValue());

    // Tab to the collected quantity and type it.
    await page.keyboard.press('Tab');
    const quantity = page.getByRole('textbox', { name: `Collected quantity of trip ${trip}`, exact: true });
    await expect(quantity).toBeFocused();
    await page.keyboard.type('1');
    await expect(quantity).toHaveValue('1');

    // Back to the row's checkbox, now enabled: Space ticks it.
    const box = await pressUntilFocused(page, 'Shift+Tab', isRowBox, "the row's selection checkbox", 20);
    expect(box.name).toBe(`Select trip ${trip}`);
    const checkbox = page.getByRole('checkbox', { name: box.name, exact: true });
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await expect(
      page.getByText(`1 of ${before.length.toLocaleString('en-US')} records selected`),
    ).toBeVisible();

    await pressUntilFocused(page, 'Shift+Tab', isPostButton, "the 'Post to SAP' button");
    const post = page.getByRole('button', { name: 'Post to SAP' });
    await expect(post).toBeEnabled();
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/journalFuelAdvance') && r.method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const body = (await request).postDataJSON() as {
      postSap: {
        fuelAdvanceId: number;
        sapAccount: number;
        collectedQuantity: string;
        orderNumber: string;
      }[];
    };
    expect(body.postSap).toEqual([
      expect.objectContaining({
        fuelAdvanceId: row.id,
        sapAccount: ledgerId,
        collectedQuantity: '1',
        orderNumber: 'KB-PU-7001',
      }),
    ]);

    await expectToastShown(page, 'Success', 'Fuel advance records posted successfully');
    await expect(table.getByText(trip, { exact: true })).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByText(/records selected/)).toHaveCount(0);
    await expect(post).toBeDisabled();
  });
});
