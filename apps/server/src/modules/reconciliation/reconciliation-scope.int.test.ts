import { postServiceLayerDocument } from '@ff/sap-sim';
import {
  PERMISSIONS,
  RECORD_KINDS_PLAIN,
  type PermissionName,
  type ReconciliationDifference,
  type RecordKindName,
} from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn, waitFor } from '../../test/fixtures.js';
import { postableRows, postBodyOf } from '../../test/kind-fixtures.js';
import {
  makeRecords,
  nairobiDay,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * What a reconciliation shows (issue 21, item 6): every answer carries only the differences of kinds the caller
 * may view (and says how many it leaves out); a SAP document we cannot attribute to a kind could be any kind's,
 * so only a holder of every kind's View permission sees it. Adopting a difference one may not see answers as one
 * that does not exist.
 */
const DAY = nairobiDay(-3);

let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

async function post(kind: RecordKindName): Promise<number> {
  const ids = await postableRows(h, kind, 1);
  const answer = await admin.post(RECORD_KINDS_PLAIN[kind].apiPath, await postBodyOf(h, kind, ids, DAY));
  expect(answer.status, answer.text).toBe(200);
  return ids[0]!;
}

const journal = (key: string, amount = 15000) =>
  postServiceLayerDocument(h.sim.url, 'JournalEntries', {
    ReferenceDate: DAY,
    Reference3: key,
    JournalEntryLines: [
      { ShortName: 'T20002', Debit: amount, Credit: 0 },
      { AccountCode: '110101', Debit: 0, Credit: amount },
    ],
  });

const userWith = async (permissions: PermissionName[]) =>
  signedIn(h.server, await createUser(h.server, { permissions }));

async function finished(client: TestClient, id: number) {
  return waitFor(
    async () => {
      const detail = (await client.get(`/api/v1/reconciliations/${id}`)).body.data;
      return detail.status === 'done' && detail;
    },
    `reconciliation #${id}`,
    30_000,
  );
}

describe('the differences a reconciliation shows', () => {
  let runId: number;
  let all: (ReconciliationDifference & { index: number })[];
  let keys: { cash: string; sale: string; unposted: string; stranger: string };
  let saleTrip: string;

  beforeAll(async () => {
    const cash = await post('cashAdvance');
    const sale = await post('salesInvoice');
    const [unposted] = await makeRecords(h, 'cash', 1);
    keys = {
      cash: keyOf('CA', cash),
      sale: keyOf('SI', sale),
      unposted: keyOf('CA', unposted),
      stranger: 'FF-CA-0012',
    };
    saleTrip = String((await storedRow(h, 'sales', sale)).tripNumber);
    await h.sim.control('/__sim/documents/delete', { reference: keys.cash });
    await h.sim.control('/__sim/documents/alter', { reference: keys.sale, amount: '1.00' });
    expect((await journal(keys.unposted)).status).toBe(201);
    // Like our keys but not one we write (a leading zero): no kind of ours can be named for it.
    expect((await journal(keys.stranger, 777)).status).toBe(201);

    const started = await admin.post('/api/v1/reconciliations', { fromDate: DAY, toDate: DAY });
    expect(started.status, started.text).toBe(202);
    runId = started.body.data.id as number;
    const run = await finished(admin, runId);
    all = run.differences;
    expect(run.hiddenDifferences).toBe(0);
    expect(all.map((d) => [d.idempotencyKey, d.type, d.kind, d.index])).toEqual(
      expect.arrayContaining([
        [keys.cash, 'missing_in_sap', 'journalCashAdvance', expect.any(Number)],
        [keys.sale, 'amount_differs', 'journalSaleInvoice', expect.any(Number)],
        [keys.unposted, 'not_posted_here', 'journalCashAdvance', expect.any(Number)],
        [keys.stranger, 'not_posted_here', null, expect.any(Number)],
      ]),
    );
    expect(all.map((d) => d.index)).toEqual([0, 1, 2, 3]);
  });

  it('shows a cash advance user only cash advances, and how many differences it leaves out', async () => {
    const cashier = await userWith([PERMISSIONS.runReconciliation, PERMISSIONS.viewCashAdvances]);
    const detail = await finished(cashier, runId);
    expect(detail.differences).toEqual(
      all.filter((d) => d.kind === 'journalCashAdvance').sort((a, b) => a.index - b.index),
    );
    expect(detail.hiddenDifferences).toBe(2);
    // The run's totals stay the run's: counts only, no trip, key or amount of another kind.
    expect(detail.summary).toMatchObject({ amountDiffers: 1, notPostedHere: 2, missingInSap: 1 });
    const text = JSON.stringify(detail);
    for (const secret of [saleTrip, keys.sale, keys.stranger, '777.00']) expect(text).not.toContain(secret);

    const listed = (await cashier.get('/api/v1/reconciliations')).body.data as { id: number }[];
    expect(listed.find((r) => r.id === runId)).toMatchObject({ hiddenDifferences: 2 });
    const adminListed = (await admin.get('/api/v1/reconciliations')).body.data as { id: number }[];
    expect(adminListed.find((r) => r.id === runId)).toMatchObject({ hiddenDifferences: 0 });
  });

  it('shows a document no kind can be named for only to a holder of every View permission', async () => {
    const allButOne = Object.values(RECORD_KINDS_PLAIN)
      .map((k) => k.permissions.view)
      .filter((p) => p !== PERMISSIONS.viewFuelAdvances);
    const nearlyAll = await userWith([PERMISSIONS.runReconciliation, ...new Set(allButOne)]);
    const detail = await finished(nearlyAll, runId);
    expect(detail.differences.map((d: ReconciliationDifference) => d.idempotencyKey)).not.toContain(
      keys.stranger,
    );
    expect(detail.hiddenDifferences).toBe(1);
    const viewers = await userWith([
      PERMISSIONS.runReconciliation,
      ...new Set(Object.values(RECORD_KINDS_PLAIN).map((k) => k.permissions.view)),
    ]);
    expect((await finished(viewers, runId)).differences).toEqual(all);
  });

  it('answers adopting a difference of a kind the caller may not view as a difference that does not exist', async () => {
    const unposted = all.find((d) => d.idempotencyKey === keys.unposted)!;
    expect(unposted.adoptable).toBe(true);
    // Post Cash Advances without View Cash Advances: the difference is not theirs to see, so not to adopt.
    const blind = await userWith([
      PERMISSIONS.runReconciliation,
      PERMISSIONS.viewSalesInvoices,
      PERMISSIONS.postCashAdvances,
    ]);
    const answer = await blind.post(`/api/v1/reconciliations/${runId}/differences/${unposted.index}/adopt`);
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body).toEqual({ message: 'This reconciliation has no such difference.' });
    expect(await storedRow(h, 'cash', unposted.recordId!)).toMatchObject({ status: 'unposted' });
  });
});
