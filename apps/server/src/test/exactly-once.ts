import { expect } from 'vitest';
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
 * What the exactly-once suites (modules/posting/exactly-once*.int.test.ts) share: the app posting to the simulator
 * (SAP calls time out after 5 s, 8 at a time), a signed-in administrator, and the petty cash ledger 110101 the
 * cash advances post to. Every claim is proven by the simulator's read-back.
 */
export type ExactlyOnce = { h: PostingHarness; admin: TestClient; pettyCash: number };

const today = nairobiDay();

/** Starts the harness (no queue) and signs the administrator in. */
async function startExactlyOnce(): Promise<ExactlyOnce> {
  const h = await startPostingHarness({ env: { SAP_TIMEOUT_MS: '5000', POSTING_CONCURRENCY: '8' } });
  const admin = await h.signInAsAdmin();
  return { h, admin, pettyCash: await ledgerId(h, '110101') };
}

/** The exactly-once state of a suite (see usePostingSuite). */
export const useExactlyOnce = (): ExactlyOnce => usePostingSuite(startExactlyOnce);

/** Post entries: a cash advance on the petty cash ledger, a sales invoice, a first journal (supplier invoice SUP-id). */
export const cashEntry = ({ pettyCash }: ExactlyOnce, id: number, postingDate = today) => ({
  cashAdvanceId: id,
  sapAccount: pettyCash,
  postingDate,
});
export const salesEntry = (id: number, postingDate = today) => ({ saleInvoice: id, postingDate });
export const firstEntry = (id: number, postingDate = today) => ({
  transporterInvoice: id,
  postingDate,
  supplierInvoiceNumber: `SUP-${id}`,
});

/** `count` cash advances with distinct amounts (1000.25 + i), so every document's lines can be checked. */
export async function cashRows({ h }: ExactlyOnce, count: number) {
  const ids = await importRecords(
    h,
    'cash',
    Array.from({ length: count }, (_, i) => recordRows.cash({ amount: (1000.25 + i).toFixed(2) })),
  );
  return ids.map((id, i) => ({ id, amount: 1000.25 + i }));
}

/** Each cash advance is in SAP once, debiting its transporter and crediting the petty cash ledger with its own amount. */
export async function expectCashPostedOnce({ h }: ExactlyOnce, rows: { id: number; amount: number }[]) {
  const docs = await expectPostedOnce(
    h.sim,
    rows.map((r) => keyOf('CA', r.id)),
  );
  docs.forEach((doc, i) => {
    expect(journalLines(doc)).toEqual([
      ['T20002', rows[i]!.amount, 0],
      ['110101', 0, rows[i]!.amount],
    ]);
    expect(doc).toMatchObject({ ReferenceDate: today, TaxDate: nairobiDay(-5) });
  });
  const stored = await storedRows(
    h,
    'cash',
    rows.map((r) => r.id),
  );
  expect(stored.map((r) => [r.status, r.sapDocEntry])).toEqual(docs.map((d) => ['posted', d.JdtNum]));
  return docs;
}

/** The ids a post answered posted, and those it answered failed, in order. */
export const postedIds = (body: { posted: { id: number }[] }) =>
  body.posted.map((p) => p.id).sort((a, b) => a - b);
export const failedIds = (body: { failed: { id: number }[] }) =>
  body.failed.map((f) => f.id).sort((a, b) => a - b);
