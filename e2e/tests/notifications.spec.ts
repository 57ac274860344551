import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { LedgerAccount } from '@ff/contract';
import { apiCall, signInAsAdmin } from '../support/auth';
import { E2E_STATE_DIR } from '../support/env';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { documentDateDaysAgo } from '../support/server-lists';
import { expectToast } from '../support/ui';

/**
 * The notifications bell and the e-mail digest switch (issue 11). A queued VAS post SAP refuses (its supplier
 * is unknown to SAP) tells its poster in the bell. A server of its own (with the queue worker) holds the one
 * VAS row imported here, so the administrator's bell starts empty and counts exactly this failure.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SAP_REFUSAL = 'No matching records found (ODBC -2028)';
const TRIP = `TRP-NOTIFY-${Date.now() % 1_000_000}`;

type Server = { server: ExtraServer; token: string; dataDir: string };

/** A fresh server with the VAS queue worker, and an import API token made first with the operator command. */
async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(E2E_STATE_DIR, 'notifications-'));
  const created = spawnSync(
    process.execPath,
    [join(repoRoot, 'apps', 'server', 'dist', 'cli.js'), 'tokens:create', 'e2e-notifications'],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const token = /ffk_[\w-]+/.exec(created.stdout)?.[0];
  if (created.status !== 0 || !token) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`tokens:create failed (${created.status}): ${created.stdout}${created.stderr}`);
  }
  const server = await startExtraServer({ DATA_DIR: dataDir, QUEUE_WORKER: 'inline' });
  return { server, token, dataDir };
}

/** Imports one VAS row whose supplier SAP does not know, and answers its id. */
async function importRefusedVasRow(page: Page, { server, token }: Server): Promise<number> {
  const answer = await fetch(`${server.baseURL}/api/v1/import/vas-transactions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify([
      {
        sourceId: `VAS-NOTIFY-${Date.now()}`,
        documentDate: documentDateDaysAgo(3),
        tripNumber: TRIP,
        transporterName: 'Transami Kenya',
        transporterCode: 'T20004',
        truckNumber: 'KDB 321E',
        orderNumber: 'ORD-NOTIFY-1',
        supplierName: 'Nobody SAP Knows Ltd',
        supplierCode: 'S99999',
        warehouse: 'Nairobi Depot',
        description: 'Tyres 315/80R22.5',
        productType: 'Tyres',
        originQuantity: '10.000',
        buyingUnitPrice: '300.00',
        sellingUnitPrice: '345.50',
      },
    ]),
  });
  expect(answer.status).toBe(200);
  const rows = await apiCall<{ data: { id: number; tripNumber: string | null }[] }>(
    page,
    'GET',
    '/journalVasTransaction',
  );
  return rows.data.find((r) => r.tripNumber === TRIP)!.id;
}

const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', { name: `Notifications, ${unread} unread` });

test.describe('notifications', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  let started: Server;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    started = await startServer();
    context = await browser.newContext({
      baseURL: started.server.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    await signInAsAdmin(page);
  });

  test.afterAll(async () => {
    await context?.close();
    await started?.server.stop();
    if (started) rmSync(started.dataDir, { recursive: true, force: true });
  });

  test('a queued VAS post SAP refuses shows in the bell and opens its posting in the history drawer', async () => {
    await expect(bell(page, 0)).toBeVisible();
    const id = await importRefusedVasRow(page, started);
    const query = (type: string) => `/accounts?accountType=${encodeURIComponent(type)}`;
    const revenue = (await apiCall<{ data: LedgerAccount[] }>(page, 'GET', query('Vas Transaction Revenue')))
      .data[0]!;
    const costs = (await apiCall<{ data: LedgerAccount[] }>(page, 'GET', query('Vas Transaction Cost'))).data;
    const cost = costs.find((c) => c.category === revenue.category) ?? costs[0]!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
    const queued = await apiCall<{ queued: { id: number }[] }>(page, 'POST', '/journalVasTransaction', {
      postSap: [
        {
          vasTransactionId: id,
          sapAccountRevenue: revenue.id,
          sapAccountCost: cost.id,
          collectedQuantity: '2',
          productType: 'Tyres',
          postingDate: today,
          orderNumber: 'PU-NOTIFY-1',
        },
      ],
    });
    expect(queued.queued).toEqual([{ id }]);

    // The bell polls once a minute and on focus: a reload reads the count at once.
    await expect(async () => {
      await page.reload();
      await expect(bell(page, 1)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000 });

    await bell(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    const item = dialog.getByRole('link', {
      name: new RegExp(`${TRIP} \\(VAS transaction\\) could not be posted`),
    });
    await expect(item).toBeVisible();
    await expect(item).toContainText(SAP_REFUSAL);
    await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();

    await item.click();
    // The posting itself (issue 26): the history's drawer of this failed post, with SAP's words.
    await expect(page).toHaveURL(/\/postings\?posting=\d+$/);
    const drawer = page.getByRole('dialog', { name: 'Posting' });
    await expect(drawer.getByText(TRIP, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByText(SAP_REFUSAL).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(bell(page, 0)).toBeVisible();
    // Read now: the list keeps it, without the unread dot.
    await bell(page, 0).click();
    await expect(dialog.getByRole('link', { name: new RegExp(TRIP) })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await page.keyboard.press('Escape');
  });

  test('the e-mail digest switch on My Account is kept', async () => {
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Notifications' });
    const toggle = section.getByRole('switch', {
      name: 'E-mail me an hourly digest of unread notifications',
    });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    await expectToast(page, { message: 'Your notification settings have been saved.', color: 'blue' });
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('switch', {
        name: 'E-mail me an hourly digest of unread notifications',
      }),
    ).toBeChecked();
  });
});
