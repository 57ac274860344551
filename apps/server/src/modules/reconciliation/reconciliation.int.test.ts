import { PERMISSIONS, RECORD_KINDS_PLAIN, type ReconciliationDifference } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconciliationWorker } from '../../jobs/reconciliation.job.js';
import { createUser, query, signedIn, sql, waitFor } from '../../test/fixtures.js';
import { postBodyOf } from '../../test/kind-fixtures.js';
import {
  makeRecords,
  nairobiDay,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { reconciliationSteps } from '../../test/reconciliation-steps.js';
import type { TestClient } from '../../test/test-client.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * Reconciliation with SAP through the real routes and the real queue: records posted to the simulator, then
 * changed behind our back with its /__sim/documents controls; each kind of difference must be found, and a
 * clean range must report none. Each test keeps to its own posting days so their ranges do not overlap.
 */
const CLEAN_DAY = nairobiDay(-5);
const DIFF_DAY = nairobiDay(-3);
const MOVED_TO_DAY = nairobiDay(-4);
const ADOPT_DAY = nairobiDay(-1);
const REVERSE_DAY = nairobiDay(-2);

let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness({ queue: true });
  await startReconciliationWorker(h.queue!, h.app.services.afterPosting.reconciliation);
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

const { post, reconcile, finished, tripOf, cashJournal } = reconciliationSteps(() => ({ h, admin }));

describe('reconciliation with SAP', () => {
  it('reports zero differences over a range where SAP agrees with every posting, of every kind', async () => {
    for (const kind of ['salesInvoice', 'firstJournal', 'cashAdvance', 'fuelAdvance'] as const)
      await post(kind, CLEAN_DAY);
    const [vas] = await post('vasTransaction', CLEAN_DAY);
    await waitFor(async () => (await storedRow(h, 'vas', vas!)).status === 'posted', 'the VAS post', 20_000);
    const run = await reconcile(CLEAN_DAY);
    expect(run.status).toBe('done');
    expect(run.differences).toEqual([]);
    expect(run.summary).toEqual({
      matched: 5,
      missingInSap: 0,
      cancelledInSap: 0,
      notPostedHere: 0,
      duplicateInSap: 0,
      amountDiffers: 0,
      dateDiffers: 0,
    });
    const list = await admin.get('/api/v1/reconciliations');
    expect(list.body.data[0]).toMatchObject({ id: run.id, startedBy: 'Administrator', status: 'done' });
  });

  it('finds each kind of difference the simulator makes, naming the trip and kind', async () => {
    const cash = await post('cashAdvance', DIFF_DAY, 6);
    const sales = await post('salesInvoice', DIFF_DAY, 2);
    const [deleted, cancelled, duplicated, altered, moved] = cash.map((id) => keyOf('CA', id));
    const [cancelledInvoice, duplicatedInvoice] = sales.map((id) => keyOf('SI', id));
    await h.sim.control('/__sim/documents/delete', { reference: deleted });
    await h.sim.control('/__sim/documents/cancel', { reference: cancelled });
    await h.sim.control('/__sim/documents/duplicate', { reference: duplicated });
    await h.sim.control('/__sim/documents/alter', { reference: altered, amount: '14999.50' });
    await h.sim.control('/__sim/documents/alter', { reference: moved, date: MOVED_TO_DAY });
    await h.sim.control('/__sim/documents/cancel', { reference: cancelledInvoice });
    await h.sim.control('/__sim/documents/duplicate', { reference: duplicatedInvoice });
    // In SAP but not posted here: a record of ours that is still unposted, and a key no record carries.
    const [unposted] = await makeRecords(h, 'cash', 1);
    expect((await cashJournal(keyOf('CA', unposted), DIFF_DAY)).status).toBe(201);
    expect((await cashJournal('FF-CA-99999999', DIFF_DAY)).status).toBe(201);

    const run = await reconcile(DIFF_DAY);
    expect(run.status).toBe('done');
    expect(run.summary).toEqual({
      matched: 1,
      missingInSap: 1,
      cancelledInSap: 2,
      notPostedHere: 2,
      duplicateInSap: 2,
      amountDiffers: 1,
      dateDiffers: 1,
    });
    const byKey: Record<string, ReconciliationDifference> = Object.fromEntries(
      (run.differences as ReconciliationDifference[]).map((d) => [d.idempotencyKey, d]),
    );
    const trip = await tripOf('cash', cash[0]!);
    expect(byKey[deleted!]).toMatchObject({
      type: 'missing_in_sap',
      kind: 'journalCashAdvance',
      recordId: cash[0],
      tripNumber: trip,
      ours: { amount: '15000.00', postingDate: DIFF_DAY },
      sap: null,
      adoptable: false,
    });
    expect(byKey[deleted!]!.message).toMatch(
      new RegExp(
        `^${trip} \\(cash advance record\\): posted here as DocEntry \\d+ but SAP has no document with key ${deleted}\\.$`,
      ),
    );
    expect(byKey[cancelled!]).toMatchObject({ type: 'cancelled_in_sap', recordId: cash[1] });
    expect(byKey[duplicated!]).toMatchObject({ type: 'duplicate_in_sap', recordId: cash[2] });
    expect(byKey[duplicated!]!.message).toContain(`SAP has 2 documents with key ${duplicated}`);
    expect(byKey[altered!]).toMatchObject({
      type: 'amount_differs',
      ours: { amount: '15000.00', postingDate: DIFF_DAY },
      sap: { amount: '14999.50', postingDate: DIFF_DAY },
    });
    expect(byKey[moved!]).toMatchObject({
      type: 'date_differs',
      sap: { amount: '15000.00', postingDate: MOVED_TO_DAY },
    });
    expect(byKey[moved!]!.message).toContain(`the posting date here is ${DIFF_DAY} but SAP's DocEntry`);
    const invoiceTrip = await tripOf('sales', sales[0]!);
    expect(byKey[cancelledInvoice!]).toMatchObject({ type: 'cancelled_in_sap', kind: 'journalSaleInvoice' });
    expect(byKey[cancelledInvoice!]!.message).toMatch(new RegExp(`^${invoiceTrip} \\(sales invoice\\): `));
    expect(byKey[duplicatedInvoice!]).toMatchObject({ type: 'duplicate_in_sap', kind: 'journalSaleInvoice' });
    expect(byKey[keyOf('CA', unposted)]).toMatchObject({
      type: 'not_posted_here',
      recordId: unposted,
      tripNumber: await tripOf('cash', unposted!),
      // The record's side: its amount, no posting date chosen yet.
      ours: { amount: '15000.00', postingDate: null },
      sap: { amount: '15000.00', postingDate: DIFF_DAY },
      adoptable: true,
    });
    expect(byKey['FF-CA-99999999']).toMatchObject({ type: 'not_posted_here', adoptable: false });
    expect(byKey['FF-CA-99999999']!.message).toContain('there is no such record here');
  });

  it("adopts SAP's document for a record not posted here, and a second run is clean", async () => {
    const [id] = await makeRecords(h, 'cash', 1);
    const created = await cashJournal(keyOf('CA', id), ADOPT_DAY, 15000);
    const docEntry = created.body!.JdtNum as number;
    const run = await reconcile(ADOPT_DAY);
    expect(run.differences).toHaveLength(1);
    expect(run.differences[0]).toMatchObject({
      type: 'not_posted_here',
      adoptable: true,
      sapDocEntry: docEntry,
    });

    const viewer = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewCashAdvances] }),
    );
    expect((await viewer.post(`/api/v1/reconciliations/${run.id}/differences/0/adopt`)).status).toBe(403);
    expect((await viewer.get('/api/v1/reconciliations')).status).toBe(403);

    const adopted = await admin.post(`/api/v1/reconciliations/${run.id}/differences/0/adopt`);
    expect(adopted.status, adopted.text).toBe(200);
    const trip = await tripOf('cash', id!);
    expect(adopted.body.message).toBe(
      `${trip} (cash advance record): marked posted with SAP's DocEntry ${docEntry}, DocNum ${created.body!.Number as number}.`,
    );
    expect(await storedRow(h, 'cash', id!)).toMatchObject({
      status: 'posted',
      sapDocEntry: docEntry,
      postingDate: ADOPT_DAY,
    });
    const audits = await query<{ event: string }>(
      h.server,
      sql`SELECT event FROM audits WHERE event LIKE ${`Adopted SAP's document%${trip}%`}`,
    );
    expect(audits).toHaveLength(1);
    // The difference is settled: adopting it again is refused.
    expect((await admin.post(`/api/v1/reconciliations/${run.id}/differences/0/adopt`)).status).toBe(422);
    expect((await admin.post(`/api/v1/reconciliations/${run.id}/differences/7/adopt`)).status).toBe(404);

    const again = await reconcile(ADOPT_DAY);
    expect(again.differences).toEqual([]);
    expect(again.summary.matched).toBe(1);
  });

  it('counts a reversed posting as matched when SAP shows it cancelled, and its next posting too', async () => {
    const [id] = await post('cashAdvance', REVERSE_DAY);
    const [first] = await query<{ id: number }>(
      h.server,
      sql`SELECT min(id)::int AS id FROM posting_attempts WHERE kind = 'CA' AND record_id = ${id}`,
    );
    const reversed = await admin.post(`/api/v1/postings/${first!.id}/reverse`, {
      reason: 'Wrong petty cash ledger',
    });
    expect(reversed.status, reversed.text).toBe(200);
    const afterReversal = await reconcile(REVERSE_DAY);
    expect(afterReversal.differences).toEqual([]);
    expect(afterReversal.summary.matched).toBe(1);

    // Posted again: a new key (FF-CA-<id>-R2) beside the cancelled first document; both agree with SAP.
    const again = await admin.post(
      RECORD_KINDS_PLAIN.cashAdvance.apiPath,
      await postBodyOf(h, 'cashAdvance', [id!], REVERSE_DAY),
    );
    expect(again.status, again.text).toBe(200);
    const reposted = await reconcile(REVERSE_DAY);
    expect(reposted.differences).toEqual([]);
    expect(reposted.summary.matched).toBe(2);
  });

  it('refuses a range longer than a year or the wrong way round', async () => {
    const long = await admin.post('/api/v1/reconciliations', {
      fromDate: '2025-01-01',
      toDate: '2026-01-03',
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.toDate).toEqual(['A reconciliation covers at most 366 days.']);
    const reversed = await admin.post('/api/v1/reconciliations', {
      fromDate: '2026-01-03',
      toDate: '2026-01-01',
    });
    expect(reversed.body.errors.toDate).toEqual(['From Date must not be after To Date.']);
  });

  it('runs nightly once a day from 02:00 over the last 7 days and notifies the permission holders', async () => {
    const service = h.app.services.afterPosting.reconciliation;
    // Yesterday's hours: the run row is stamped by the database's clock, which is then always past them (with
    // today's, a suite run between 00:00 and 02:00 in Nairobi would stamp the 03:00 run before 02:00).
    const day = nairobiDay(-1);
    // 01:00 in Nairobi (UTC+3) is not yet time; 03:00 is, once only.
    expect(await service.startNightlyIfDue(new Date(`${day}T01:00:00+03:00`))).toBeUndefined();
    const id = await service.startNightlyIfDue(new Date(`${day}T03:00:00+03:00`));
    expect(id).toBeGreaterThan(0);
    expect(await service.startNightlyIfDue(new Date(`${day}T04:00:00+03:00`))).toBeUndefined();
    const run = await finished(id!);
    expect(run).toMatchObject({
      trigger: 'nightly',
      startedBy: null,
      fromDate: nairobiDay(-8),
      toDate: nairobiDay(-2),
    });
    // The differences made above are in those 7 days: every holder of Run Reconciliation hears of them.
    const count = run.differences.length as number;
    expect(count).toBeGreaterThan(0);
    // The notice follows the run's end (it is written after the run is marked done): wait for it.
    const notices = await waitFor(
      async () => {
        const rows = await query<{ title: string; link: string }>(
          h.server,
          sql`SELECT title, link FROM notifications WHERE dedupe_key = ${`reconciliation-${id}`}`,
        );
        return rows.length > 0 && rows;
      },
      `the notice of reconciliation #${id}`,
      30_000,
    );
    expect(notices).toContainEqual({
      title: `Reconciliation found ${count} differences`,
      link: `/reconciliation?run=${id}`,
    });
  });
});
