import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator } from '@playwright/test';
import { E2E_STATE_DIR } from './env';
import { startExtraServer } from './extra-server';
import { showingCounts } from './ui';

/**
 * Helpers of the server-side list specs (issue 13): a server of their own whose only records are the ones
 * they import through the import API, so every count is exact, and the paged table's controls.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export type ListsServer = { baseURL: string; token: string; stop(): Promise<void> };

/**
 * A built server on a fresh PGlite folder (no demo data) and an import API token for it: the token is
 * created first with the operator command (`tokens:create`, as an operator would), then the server starts
 * on the same folder. Always `stop()` it.
 */
export async function startListsServer(): Promise<ListsServer> {
  const dataDir = mkdtempSync(join(E2E_STATE_DIR, 'server-lists-'));
  const created = spawnSync(
    process.execPath,
    [join(repoRoot, 'apps', 'server', 'dist', 'cli.js'), 'tokens:create', 'e2e-lists'],
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
  try {
    const server = await startExtraServer({ DATA_DIR: dataDir });
    return {
      baseURL: server.baseURL,
      token,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** `POST /api/v1/import/{kind}` with the token; every row must be inserted. */
export async function importRows(server: ListsServer, kind: string, rows: object[]): Promise<void> {
  const answer = await fetch(`${server.baseURL}/api/v1/import/${kind}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(rows),
  });
  const report = (await answer.json()) as { inserted?: number; rejected?: unknown[] };
  expect(answer.status, JSON.stringify(report).slice(0, 500)).toBe(200);
  expect(report.rejected).toEqual([]);
  expect(report.inserted).toBe(rows.length);
}

/** A document date `days` ago in the server's time zone (Africa/Nairobi), as the import takes it. */
export function documentDateDaysAgo(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
  return `${day}T08:30:00`;
}

/** Trip n's number, 'SL-007': the list's default order (document date, then id) is n's order. */
export const tripOf = (n: number) => `SL-${String(n).padStart(3, '0')}`;

/**
 * n's amount: a permutation of 100.00 .. count x 100.00 (7919 and 250 share no factor), so sorting by
 * amount puts the rows in another order than the trips, and the largest is count x 100.00.
 */
export const amountOf = (n: number, count: number) => `${(((n - 1) * 7919) % count) + 1}00.00`;

/** `count` sales invoices of one customer the simulator knows, trips SL-001 .. in import order. */
export const salesInvoices = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    sourceId: `E2E-LISTS-SI-${i + 1}`,
    documentDate: documentDateDaysAgo(5),
    clientName: 'Bidco Africa Ltd',
    customerCode: 'C10001',
    tripNumber: tripOf(i + 1),
    containerNumber: 'CSQU3054383',
    containerSize: '40ft',
    route: 'Mombasa - Nairobi',
    amount: amountOf(i + 1, count),
  }));

/** `count` transporter invoices, trips TJ-001 .. . */
export const transporterInvoices = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    sourceId: `E2E-LISTS-TI-${i + 1}`,
    documentDate: documentDateDaysAgo(5),
    transporterName: 'Siginon Freight Ltd',
    transporterCode: 'T20001',
    tripNumber: `TJ-${String(i + 1).padStart(3, '0')}`,
    routeDetails: 'Mombasa - Nairobi',
    invoiceAmount: '130000.00',
  }));

/** The pager under a table, and one of its page buttons. */
export const pager = (frame: Locator) => frame.locator('.mantine-Pagination-root');
export const pageButton = (frame: Locator, n: number) =>
  pager(frame).getByRole('button', { name: String(n), exact: true });

/** Waits until the counter reads 'Showing <shown> of <total> records'. */
export const expectShowing = (frame: Locator, shown: number, total: number) =>
  expect.poll(() => showingCounts(frame), { timeout: 30_000 }).toEqual({ shown, total });

/** The trip number cells of the table's rows, in order (the column headed 'Trip Number'). */
export async function tripCells(table: Locator): Promise<string[]> {
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((text) => text.trim() === 'Trip Number') + 1;
  return (await table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts()).map((t) => t.trim());
}
