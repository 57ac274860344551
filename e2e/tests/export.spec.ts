import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  adminApiSession,
  createUserViaApi,
  signInAsAdmin,
  uniqueSuffix,
  type UserRecord,
} from '../support/auth';
import { exportFrom, readCsv, readXlsx } from '../support/export';
import { dataTableFrame, showingCounts } from '../support/ui';

/**
 * The Export menu of the shared table (issue 12), on the Users list: the searched rows as CSV and as an
 * Excel workbook, opened and read back. A user of this spec's own (unique suffix) makes the rows exact.
 */
const suffix = uniqueSuffix();
const NAME = `Export Check ${suffix}`;
const EMAIL = `export.${suffix}@example.com`;
const HEADERS = ['ID', 'Full Name', 'Email', 'Mobile', 'Role', 'Created At', 'Created By', 'Status'];
let user: UserRecord;

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

test.beforeAll(async () => {
  const admin = await adminApiSession();
  try {
    user = await createUserViaApi(admin, { name: NAME, email: EMAIL, role: 'Administrator' });
  } finally {
    await admin.dispose();
  }
});

async function openUsersFiltered(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/users');
  const frame = dataTableFrame(page, 'Users');
  await frame.getByRole('textbox', { name: 'Search records' }).fill(suffix);
  await expect.poll(() => showingCounts(frame)).toEqual({ shown: 1, total: 1 });
  return frame;
}

test.describe('export', () => {
  test('Users to CSV: UTF-8 with BOM, the headers, the searched row, the id a plain number', async ({
    page,
  }) => {
    const frame = await openUsersFiltered(page);
    const { fileName, path } = await exportFrom(page, frame, 'CSV');
    expect(fileName).toBe(`users-${today()}.csv`);
    const { bytes, rows } = await readCsv(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows[0]).toEqual(HEADERS);
    expect(rows).toHaveLength(2);
    const [id, name, email, mobile, role, createdAt, , status] = rows[1]!;
    expect(id).toBe(String(user.id));
    expect(name).toBe(NAME);
    expect(email).toBe(EMAIL);
    expect(mobile).toBe(user.mobileNo);
    expect(role).toBe('Administrator');
    // Dates as text in the server's format.
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(status).toBe('Active');
  });

  test('Users to Excel from the keyboard: a workbook whose id cell is a number', async ({ page }) => {
    const frame = await openUsersFiltered(page);
    const button = frame.getByRole('button', { name: 'Export', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const excel = page.getByRole('menuitem', { name: 'Excel (.xlsx)' });
    await expect(excel).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(excel).toBeFocused();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe(`users-${today()}.xlsx`);

    const { values, types } = await readXlsx(await download.path());
    expect(values[0]).toEqual(HEADERS);
    expect(values).toHaveLength(2);
    expect(values[1]![0]).toBe(user.id);
    expect(types[1]![0]).toBe(ExcelJS.ValueType.Number);
    expect(values[1]!.slice(1, 5)).toEqual([NAME, EMAIL, user.mobileNo, 'Administrator']);
    expect(types[1]![1]).toBe(ExcelJS.ValueType.String);
    expect(String(values[1]![5])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
