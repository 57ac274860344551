import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api } from './auth';
import { bodyRows, dataTable, dataTableFrame } from './ui';

/** Helpers of the Audit Logs spec (`/logs`): the table, its filters, and a posting to search for. */

export const auditTable = (page: Page) => dataTable(page, 'Audit logs');
export const auditFrame = (page: Page) => dataTableFrame(page, 'Audit logs');
export const auditSearch = (page: Page) => auditFrame(page).getByRole('textbox', { name: 'Search records' });
export const userFilter = (page: Page) => auditFrame(page).getByRole('combobox', { name: 'User' });
export const eventTypeFilter = (page: Page) => auditFrame(page).getByRole('combobox', { name: 'Event type' });

/** The cells of one column (0 Audit Date, 1 Event, 2 User, 3 IP Address) of the rows shown. */
export const columnCells = (page: Page, column: 0 | 1 | 2 | 3): Locator =>
  bodyRows(auditTable(page)).locator(`td:nth-child(${column + 1})`);

/** The server's date-time with seconds, as the Audit Date column and the exported file show it. */
export const SERVER_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type SalesRow = { id: number; tripNumber: string; documentDate: string };

/**
 * Posts one demo sales invoice to SAP through the API (the last of the list, which the sales specs do not
 * pick by position) on its document day, and answers its trip number and id.
 */
export async function postOneSalesInvoice(
  admin: APIRequestContext,
): Promise<{ id: number; tripNumber: string }> {
  const { data } = await api<{ data: SalesRow[] }>(admin, 'GET', '/journalSaleInvoice');
  const row = data.at(-1);
  expect(row, 'a demo sales invoice to post').toBeDefined();
  const answer = await api<{ posted: { id: number }[] }>(admin, 'POST', '/journalSaleInvoice', {
    postSap: [{ saleInvoice: row!.id, postingDate: row!.documentDate.slice(0, 10) }],
  });
  expect(answer.posted.map((p) => p.id)).toEqual([row!.id]);
  return { id: row!.id, tripNumber: row!.tripNumber };
}
