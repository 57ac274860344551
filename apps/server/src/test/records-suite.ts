import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { expect } from 'vitest';
import { nairobiDay, startPostingHarness, type PostingHarness } from './posting-harness.js';
import type { TestClient } from './test-client.js';

/**
 * What the posting-rules suites of the record kinds share (modules/records/ and the kinds' folders): the real HTTP
 * API with a signed-in administrator, against the SAP simulator, with the queue and the VAS worker running.
 */
export async function startRecordsHarness(): Promise<{ h: PostingHarness; admin: TestClient }> {
  const h = await startPostingHarness({ queue: true });
  return { h, admin: await h.signInAsAdmin() };
}

export const today = nairobiDay();

/** The ids of a list answer. */
export const ids = (response: { body: { data: { id: number }[] } }) => response.body.data.map((r) => r.id);

/** The rows of a list (answered 200) among `wanted`. */
export const listed = async (client: TestClient, path: string, wanted: number[]) => {
  const response = await client.get(path);
  expect(response.status).toBe(200);
  return response.body.data.filter((r: { id: number }) => wanted.includes(r.id)) as Record<string, any>[];
};

/** The list and post path of each kind, by the posting-harness record names. */
export const PATHS = {
  sales: RECORD_KINDS_PLAIN.salesInvoice.apiPath,
  first: RECORD_KINDS_PLAIN.firstJournal.apiPath,
  second: RECORD_KINDS_PLAIN.secondJournal.apiPath,
  cash: RECORD_KINDS_PLAIN.cashAdvance.apiPath,
  fuel: RECORD_KINDS_PLAIN.fuelAdvance.apiPath,
  vas: RECORD_KINDS_PLAIN.vasTransaction.apiPath,
} as const;

/** Post entries of the sales invoice and the two transporter journals. */
export const sale = (id: number, postingDate = today) => ({ saleInvoice: id, postingDate });
export const first = (id: number, supplierInvoiceNumber = `SUP-${id}`, postingDate = today) => ({
  transporterInvoice: id,
  postingDate,
  supplierInvoiceNumber,
});
export const second = (id: number, postingDate = today) => ({ transporterInvoice: id, postingDate });

/** A VAS post entry (the queued kind). */
export const vas = (
  id: number,
  revenue: number,
  cost: number,
  collectedQuantity: unknown,
  extra: Record<string, unknown> = {},
) => ({
  vasTransactionId: id,
  sapAccountRevenue: revenue,
  sapAccountCost: cost,
  collectedQuantity,
  productType: 'Tyres',
  postingDate: today,
  orderNumber: `VPICK-${id}`,
  ...extra,
});
