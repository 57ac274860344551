import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, signIn } from '../support/auth';
import { axeOn } from '../support/axe';

/**
 * Issue 26, defect 1: on a phone (390x844) every posting list shows each row's checkbox, its trip and its
 * amount in view, none of them under another column, and the other columns in the row's details. Before the
 * fix the pinned columns on both sides (posting date and amount on the right) covered the checkbox and the
 * trip, even when scrolled sideways.
 */

const PHONE = { width: 390, height: 844 };

type PhoneList = {
  title: string;
  path: string;
  tab?: string;
  table: string;
  trip: string;
  /** The amount's column; VAS has none (its margin follows its inputs). */
  amount?: string;
  /** A column that goes into the row's details on a phone. */
  detail: string;
  /** Makes sure the list has a row (the second journal lists posted first journals only). */
  setUp?: (page: Page) => Promise<void>;
};

/** Posts one first journal through the API when the second journal's list is empty. */
async function postOneFirstJournal(page: Page): Promise<void> {
  const second = await apiCall<{ data: unknown[] }>(page, 'GET', '/secondJournalTransporterInvoice');
  if (second.data.length > 0) return;
  const first = await apiCall<{ data: { id: number }[] }>(page, 'GET', '/firstJournalTransporterInvoice');
  await apiCall(page, 'POST', '/firstJournalTransporterInvoice', {
    postSap: [
      {
        transporterInvoice: first.data[0]!.id,
        postingDate: new Date().toISOString(),
        supplierInvoiceNumber: `SI-PHONE-${Date.now()}`,
      },
    ],
  });
}

const LISTS: PhoneList[] = [
  {
    title: 'Sales Invoices',
    path: '/invoices/sales',
    table: 'Sales invoices',
    trip: 'Trip Number',
    amount: 'Amount',
    detail: 'Client Name',
  },
  {
    title: 'Transporter Invoices, Post First JE',
    path: '/invoices/transporter',
    table: 'First journal transporter invoices',
    trip: 'Trip Number',
    amount: 'Invoice Amount',
    detail: 'Transporter Name',
  },
  {
    title: 'Transporter Invoices, Post Second JE',
    path: '/invoices/transporter',
    tab: 'Post Second JE',
    table: 'Second journal transporter invoices',
    setUp: postOneFirstJournal,
    trip: 'Trip Number',
    amount: 'Invoice Amount',
    detail: 'Transporter Name',
  },
  {
    title: 'Cash Advance',
    path: '/advance/cash',
    table: 'Cash advances',
    trip: 'Trip ID',
    amount: 'Total Amount',
    detail: 'Route',
  },
  {
    title: 'Fuel Advance',
    path: '/advance/fuel',
    table: 'Fuel advances',
    trip: 'Trip ID',
    amount: 'Total Amount',
    detail: 'Warehouse',
  },
  {
    title: 'VAS Transactions',
    path: '/vas/transactions',
    table: 'VAS transactions',
    trip: 'Trip ID',
    detail: 'Supplier',
  },
];

/** The cell of the first row under the column headed `header` (by position among the visible headers). */
async function cellUnder(table: Locator, header: string): Promise<Locator> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `a visible '${header}' column among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return table.getByRole('rowgroup').last().getByRole('row').first().getByRole('cell').nth(index);
}

/** In the phone's viewport without scrolling, and what a tap at its centre reaches (nothing covers it). */
async function expectInViewUncovered(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.x, `${what} starts inside the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends inside the 390 px screen`).toBeLessThanOrEqual(PHONE.width);
  const reached = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(reached, `${what} is not covered by another column`).toBe(true);
}

test.describe('posting lists at phone width (issue 26, defect 1)', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: PHONE });
  test.beforeEach(async ({ page }) => signIn(page));

  for (const list of LISTS) {
    test(`${list.title}: the checkbox, the trip and the amount are in view; the rest is in the row's details`, async ({
      page,
    }) => {
      await list.setUp?.(page);
      await page.goto(list.path);
      if (list.tab) await page.getByRole('tab', { name: list.tab }).click();
      const table = page.getByRole('table', { name: list.table, exact: true });
      await expect(
        table.getByRole('checkbox', { name: /^Select (trip|order|VAS transaction) / }).first(),
      ).toBeVisible({
        timeout: 90_000,
      });
      const firstRow = table.getByRole('rowgroup').last().getByRole('row').first();

      await expectInViewUncovered(
        page,
        firstRow.getByRole('checkbox', { name: /^Select (trip|order|VAS transaction) / }),
        'the checkbox',
      );
      await expectInViewUncovered(page, await cellUnder(table, list.trip), `the ${list.trip}`);
      if (list.amount)
        await expectInViewUncovered(page, await cellUnder(table, list.amount), `the ${list.amount}`);
      // A column the row does not show on a phone is in its details, opened from the row.
      await expect(table.getByRole('columnheader', { name: list.detail, exact: true })).toHaveCount(0);
      const details = firstRow.getByRole('button', { name: /^Details of (trip|order|VAS transaction) / });
      await expectInViewUncovered(page, details, 'the details toggle');
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${await details.getAttribute('aria-controls')}`);
      await expect(panel.getByRole('term').filter({ hasText: list.detail })).toBeVisible();
      // The phone layout with a row's details open keeps axe clean (no serious or critical violations).
      const { violations } = await axeOn(page).analyze();
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        'serious or critical accessibility violations',
      ).toEqual([]);
      await details.click();
      await expect(panel).toHaveCount(0);
    });
  }
});
