import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { expect } from 'vitest';
import { waitFor } from './fixtures.js';
import {
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  storedRows,
  type PostingHarness,
} from './posting-harness.js';
import { usePostingSuite } from './posting-suite.js';
import type { TestClient } from './test-client.js';

/**
 * What the VAS queue suites (jobs/vas-queue*.int.test.ts) share: the app built with `queue` and the worker started
 * in this process, as embedded mode runs them, a signed-in administrator (signed in again after a restart) and the
 * revenue and cost ledgers every entry posts to.
 */
export type VasQueue = { h: PostingHarness; admin: TestClient; revenue: number; cost: number };

/** The VAS list and post path. */
export const VAS_PATH = RECORD_KINDS_PLAIN.vasTransaction.apiPath;
const today = nairobiDay();

/** Starts the harness with short SAP timeouts, job expiry and retry delays. */
async function startVasQueue(): Promise<VasQueue> {
  const h = await startPostingHarness({
    queue: true,
    env: {
      SAP_TIMEOUT_MS: '3000',
      VAS_JOB_EXPIRE_SECONDS: '6',
      VAS_RETRY_DELAY_SECONDS: '1',
      VAS_RETRY_LIMIT: '6',
      QUEUE_CONCURRENCY: '4',
    },
  });
  const admin = await h.signInAsAdmin();
  const [revenue, cost] = await Promise.all([ledgerId(h, '410200'), ledgerId(h, '510200')]);
  return { h, admin, revenue, cost };
}

/** The VAS queue of a suite (see usePostingSuite); a test that restarts the app signs `admin` in again. */
export const useVasQueue = (): VasQueue => usePostingSuite(startVasQueue);

/** A VAS row as the suites post it: its totals for collected quantity 2 and its pickup order number. */
export type VasRow = { id: number; selling: number; buying: number; order: string };

/** `count` VAS rows, each with its own prices; collected quantity 2 of 10. */
export async function vasRows(
  { h }: VasQueue,
  count: number,
  overrides: (i: number) => Record<string, string> = () => ({}),
): Promise<VasRow[]> {
  const specs = Array.from({ length: count }, (_, i) => ({ selling: 500 + i, buying: 400 + i }));
  const ids = await importRecords(
    h,
    'vas',
    specs.map((s, i) =>
      recordRows.vas({
        sellingUnitPrice: s.selling.toFixed(2),
        buyingUnitPrice: s.buying.toFixed(2),
        ...overrides(i),
      }),
    ),
  );
  return ids.map((id, i) => ({
    id,
    selling: specs[i]!.selling * 2,
    buying: specs[i]!.buying * 2,
    order: `VP-${id}`,
  }));
}

/** The post entry of a row: the queue's ledgers, collected quantity 2, the row's order number. */
export const vasEntry = ({ revenue, cost }: VasQueue, row: VasRow, postingDate = today) => ({
  vasTransactionId: row.id,
  sapAccountRevenue: revenue,
  sapAccountCost: cost,
  collectedQuantity: '2',
  productType: 'Tyres',
  postingDate,
  orderNumber: row.order,
});

const settled = async (h: PostingHarness, rows: VasRow[]) => {
  const stored = await storedRows(
    h,
    'vas',
    rows.map((r) => r.id),
  );
  return stored.every((r) => r.status === 'posted' || r.status === 'failed');
};
/** Waits until every row is posted or failed. */
export const waitSettled = ({ h }: VasQueue, rows: VasRow[], timeoutMs = 45_000) =>
  waitFor(() => settled(h, rows), `${rows.length} VAS rows to settle`, timeoutMs);

/** Each row is in SAP exactly once: transporter/revenue for the selling total, cost/supplier for the buying total. */
export async function expectVasPostedOnce(
  { h }: VasQueue,
  rows: VasRow[],
  postingDate = today,
  taxDate = nairobiDay(-5),
) {
  const docs = await expectPostedOnce(
    h.sim,
    rows.map((r) => keyOf('VAS', r.id)),
  );
  docs.forEach((doc, i) => {
    const row = rows[i]!;
    expect(doc).toMatchObject({
      ReferenceDate: postingDate,
      TaxDate: taxDate,
      Reference2: row.order,
      Reference3: keyOf('VAS', row.id),
    });
    expect(journalLines(doc)).toEqual([
      ['T20004', row.selling, 0],
      ['410200', 0, row.selling],
      ['510200', row.buying, 0],
      ['S30004', 0, row.buying],
    ]);
  });
  const stored = await storedRows(
    h,
    'vas',
    rows.map((r) => r.id),
  );
  expect(stored.map((r) => [r.status, r.sapDocEntry])).toEqual(docs.map((d) => ['posted', d.JdtNum]));
}

/** The audit log's entries as [event, user], newest first. */
export const auditTrail = async ({ admin }: VasQueue) =>
  ((await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[]).map((e) => [
    e.event,
    e.createdBy,
  ]);

/** The ids the VAS list shows. */
export const listedIds = async ({ admin }: VasQueue) =>
  ((await admin.get(VAS_PATH)).body.data as { id: number }[]).map((r) => r.id);
