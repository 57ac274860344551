import { randomBytes } from 'node:crypto';
import { DATE_TIME_PATTERN, PERMISSIONS, postingDetailBody, postingPage } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn } from '../../test/fixtures.js';
import {
  importRecords,
  ledgerId,
  nairobiDay,
  recordRows,
  resetFaults,
  simConfig,
  startPostingHarness,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS, vas } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * The posting history (issue 11) through the real routes: records posted to the SAP simulator, then listed,
 * filtered, searched, scoped to the kinds a user may view, and one posting's timeline after a lost reply.
 * The VAS queue runs without a worker, so a queued VAS row stays queued.
 */
let h: PostingHarness;
let admin: TestClient;
let pettyCash: number;
const today = nairobiDay();
const twoDaysAgo = nairobiDay(-2);
const tag = randomBytes(3).toString('hex').toUpperCase();
const trip = (name: string) => `TRP-H${tag}-${name}`;

beforeAll(async () => {
  h = await startPostingHarness({ queue: true, worker: false });
  admin = await h.signInAsAdmin();
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(() => h?.close());

const cash = (id: number, postingDate = today) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate });
const history = async (client: TestClient, query: Record<string, string> = {}) => {
  const response = await client.get(`/api/v1/postings?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  // Every answer holds to the contract's schema (the OpenAPI document's).
  postingPage.parse(response.body);
  return response.body as {
    data: Record<string, any>[];
    meta: { total: number; page: number; perPage: number };
  };
};
const trips = (page: { data: Record<string, any>[] }) =>
  page.data.map((r) => r.tripNumber as string).filter((t) => t?.includes(tag));

describe('GET /api/v1/postings', () => {
  let cashEarly = 0;
  let cashToday = 0;
  let sale = 0;
  beforeAll(async () => {
    [cashEarly = 0, cashToday = 0] = await importRecords(h, 'cash', [
      recordRows.cash({ tripNumber: trip('CASH-EARLY'), amount: '1500.50' }),
      recordRows.cash({ tripNumber: trip('CASH-TODAY'), amount: '2750.00' }),
    ]);
    [sale = 0] = await importRecords(h, 'sales', [
      recordRows.sales({ tripNumber: trip('SALE'), amount: '99000.00' }),
    ]);
    expect((await admin.post(PATHS.cash, { postSap: [cash(cashEarly, twoDaysAgo)] })).status).toBe(200);
    expect((await admin.post(PATHS.cash, { postSap: [cash(cashToday)] })).status).toBe(200);
    expect(
      (await admin.post(PATHS.sales, { postSap: [{ saleInvoice: sale, postingDate: today }] })).status,
    ).toBe(200);
  });

  it('lists every posting newest first, with its trip, amount, date, SAP keys, key and who posted it', async () => {
    const page = await history(admin);
    expect(page.meta).toMatchObject({ page: 1, perPage: 50 });
    expect(trips(page)).toEqual([trip('SALE'), trip('CASH-TODAY'), trip('CASH-EARLY')]);
    const early = page.data.find((r) => r.tripNumber === trip('CASH-EARLY'))!;
    expect(early).toMatchObject({
      kind: 'journalCashAdvance',
      recordId: cashEarly,
      amount: '1500.50',
      postingDate: twoDaysAgo,
      status: 'posted',
      idempotencyKey: keyOf('CA', cashEarly),
      postedBy: 'Administrator',
      message: null,
      reversedBy: null,
      reversedAt: null,
    });
    expect(early.sapDocEntry).toEqual(expect.any(Number));
    expect(early.sapDocNum).toEqual(expect.any(Number));
    expect(early.postedAt).toMatch(DATE_TIME_PATTERN);
    const saleRow = page.data.find((r) => r.tripNumber === trip('SALE'))!;
    expect(saleRow).toMatchObject({
      kind: 'journalSaleInvoice',
      amount: '99000.00',
      idempotencyKey: keyOf('SI', sale),
    });
  });

  it('filters by kind, status and posting date, and searches trip numbers, keys and SAP numbers', async () => {
    expect(trips(await history(admin, { kind: 'journalCashAdvance' }))).toEqual([
      trip('CASH-TODAY'),
      trip('CASH-EARLY'),
    ]);
    expect(trips(await history(admin, { kind: 'journalSaleInvoice', status: 'posted' }))).toEqual([
      trip('SALE'),
    ]);
    expect(trips(await history(admin, { status: 'failed' }))).toEqual([]);
    expect(trips(await history(admin, { fromDate: twoDaysAgo, toDate: twoDaysAgo }))).toEqual([
      trip('CASH-EARLY'),
    ]);
    expect(trips(await history(admin, { fromDate: today }))).toEqual([trip('SALE'), trip('CASH-TODAY')]);

    const byTrip = await history(admin, { search: trip('cash-today').toLowerCase() });
    expect(byTrip.data.map((r) => r.recordId)).toEqual([cashToday]);
    expect(byTrip.meta.total).toBe(1);
    const byKey = await history(admin, { search: keyOf('CA', cashEarly) });
    expect(byKey.data.map((r) => r.recordId)).toContain(cashEarly);
    const docNum = String((await history(admin, { search: keyOf('SI', sale) })).data[0]!.sapDocNum);
    expect(trips(await history(admin, { search: docNum }))).toContain(trip('SALE'));
  });

  it('pages: perPage rows, the total over all pages', async () => {
    const first = await history(admin, { perPage: '1', kind: 'journalCashAdvance', search: `H${tag}` });
    const second = await history(admin, {
      perPage: '1',
      page: '2',
      kind: 'journalCashAdvance',
      search: `H${tag}`,
    });
    expect(first.meta).toEqual({ total: 2, page: 1, perPage: 1 });
    expect([...trips(first), ...trips(second)]).toEqual([trip('CASH-TODAY'), trip('CASH-EARLY')]);
    const past = await history(admin, {
      perPage: '1',
      page: '9',
      kind: 'journalCashAdvance',
      search: `H${tag}`,
    });
    expect(past).toEqual({ data: [], meta: { total: 2, page: 9, perPage: 1 } });
  });

  it('refuses a kind or status it does not know, with a field error', async () => {
    const response = await admin.get('/api/v1/postings?kind=cash&status=done');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['kind', 'status']);
  });

  it('shows a user only the kinds whose View permission they hold, and none to a user without one', async () => {
    const cashier = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewCashAdvances] }),
    );
    const page = await history(cashier);
    expect(new Set(page.data.map((r) => r.kind))).toEqual(new Set(['journalCashAdvance']));
    expect(trips(page)).toEqual([trip('CASH-TODAY'), trip('CASH-EARLY')]);
    expect(trips(await history(cashier, { kind: 'journalSaleInvoice' }))).toEqual([]);
    const saleId = (await history(admin, { search: trip('SALE') })).data[0]!.id;
    expect((await cashier.get(`/api/v1/postings/${saleId}`)).status).toBe(404);

    const nobody = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewAuditLogs] }),
    );
    expect((await nobody.get('/api/v1/postings')).status).toBe(403);
    expect((await nobody.get('/api/v1/postings/summary')).status).toBe(403);
  });
});

describe('GET /api/v1/postings/{id}', () => {
  it('after a lost reply: claimed, sent, outcome unknown, looked up, posted, with the document sent', async () => {
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ tripNumber: trip('LOST'), amount: '640.00' }),
    ]);
    await simConfig(h.sim, { dropReplyRate: 1 });
    try {
      expect((await admin.post(PATHS.cash, { postSap: [cash(id!)] })).status).toBe(200);
    } finally {
      await resetFaults(h.sim);
    }
    const [row] = (await history(admin, { search: trip('LOST') })).data;
    const response = await admin.get(`/api/v1/postings/${row!.id}`);
    expect(response.status).toBe(200);
    postingDetailBody.parse(response.body);
    const detail = response.body.data;
    expect(detail).toMatchObject({
      id: row!.id,
      status: 'posted',
      tripNumber: trip('LOST'),
      amount: '640.00',
    });
    expect(detail.timeline.map((t: { event: string }) => t.event)).toEqual([
      'claimed',
      'sent',
      'outcome_unknown',
      'looked_up',
      'posted',
    ]);
    expect(detail.timeline[0]).toMatchObject({
      actor: 'Administrator',
      detail: `posting date ${today}, key ${keyOf('CA', id)}`,
    });
    expect(detail.timeline[4].detail).toBe(`DocEntry ${row!.sapDocEntry}, DocNum ${row!.sapDocNum}`);
    expect(detail.document).toMatchObject({ entity: 'JournalEntries', referenceField: 'Reference3' });
    expect(JSON.stringify(detail.document)).toContain(keyOf('CA', id));
    // The administrator holds Reverse Postings; a posted cash advance may be reversed.
    expect(detail).toMatchObject({ reversible: true, notReversibleReason: null });
  });

  it('a failed post: its SAP reason on the row and in the timeline; not reversible', async () => {
    const [id] = await importRecords(h, 'cash', [
      recordRows.cash({ tripNumber: trip('REFUSED'), transporterCode: 'T99999' }),
    ]);
    expect((await admin.post(PATHS.cash, { postSap: [cash(id!)] })).status).toBe(422);
    const [row] = (await history(admin, { search: trip('REFUSED') })).data;
    expect(row).toMatchObject({ status: 'failed', message: expect.any(String), sapDocEntry: null });
    const detail = (await admin.get(`/api/v1/postings/${row!.id}`)).body.data;
    expect(detail.timeline.map((t: { event: string }) => t.event)).toEqual(['claimed', 'sent', 'failed']);
    expect(detail.timeline[2].detail).toBe(row!.message);
    expect(detail).toMatchObject({
      reversible: false,
      notReversibleReason: 'It is not posted, so there is nothing to reverse.',
    });
    expect((await admin.get('/api/v1/postings/2147483000')).status).toBe(404);
  });
});

describe('a reversed posting', () => {
  it('shows Reversed with who and when, its timeline ends reversed, and the re-post is a new posting', async () => {
    const [id = 0] = await importRecords(h, 'cash', [recordRows.cash({ tripNumber: trip('REVERSED') })]);
    expect((await admin.post(PATHS.cash, { postSap: [cash(id)] })).status).toBe(200);
    const [first] = (await history(admin, { search: trip('REVERSED') })).data;
    const reversed = await admin.post(`/api/v1/postings/${first!.id}/reverse`, {
      reason: 'Wrong ledger chosen',
    });
    expect(reversed.status).toBe(200);
    expect((await admin.post(PATHS.cash, { postSap: [cash(id)] })).status).toBe(200);

    const rows = (await history(admin, { search: trip('REVERSED') })).data;
    expect(rows.map((r) => [r.status, r.idempotencyKey])).toEqual([
      ['posted', keyOf('CA', id, 2)],
      ['reversed', keyOf('CA', id)],
    ]);
    expect(rows[1]).toMatchObject({
      id: first!.id,
      reversedBy: 'Administrator',
      sapDocEntry: first!.sapDocEntry,
    });
    expect(rows[1]!.reversedAt).toMatch(DATE_TIME_PATTERN);
    expect(trips(await history(admin, { status: 'reversed', search: trip('REVERSED') }))).toEqual([
      trip('REVERSED'),
    ]);

    const detail = (await admin.get(`/api/v1/postings/${first!.id}`)).body.data;
    expect(detail.timeline.map((t: { event: string }) => t.event)).toEqual([
      'claimed',
      'sent',
      'posted',
      'reversal_requested',
      'reversal_sent',
      'reversed',
    ]);
    expect(detail.timeline[3]).toMatchObject({ actor: 'Administrator', detail: 'Wrong ledger chosen' });
    expect(detail.reversible).toBe(false);
  });
});

describe('GET /api/v1/postings/summary', () => {
  it("counts a kind's queued postings and those failed in the last 24 hours, as the history lists them", async () => {
    const [revenue, cost] = await Promise.all([ledgerId(h, '410200'), ledgerId(h, '510200')]);
    const before = (await admin.get('/api/v1/postings/summary?kind=journalVasTransaction')).body.data;
    const ids = await importRecords(h, 'vas', [
      recordRows.vas({ tripNumber: trip('VAS-1') }),
      recordRows.vas({ tripNumber: trip('VAS-2') }),
    ]);
    const posted = await admin.post(PATHS.vas, { postSap: ids.map((id) => vas(id, revenue, cost, '2')) });
    expect(posted.status).toBe(200);
    const after = (await admin.get('/api/v1/postings/summary?kind=journalVasTransaction')).body.data;
    expect(after).toEqual({ queued: before.queued + 2, failedLast24h: before.failedLast24h });
    const queued = await history(admin, { kind: 'journalVasTransaction', status: 'queued' });
    expect(queued.meta.total).toBe(after.queued);
    expect(trips(queued)).toEqual([trip('VAS-2'), trip('VAS-1')]);

    const cashSummary = (await admin.get('/api/v1/postings/summary?kind=journalCashAdvance')).body.data;
    const failedToday = await history(admin, {
      kind: 'journalCashAdvance',
      status: 'failed',
      since: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(cashSummary).toEqual({ queued: 0, failedLast24h: failedToday.meta.total });
    expect(failedToday.meta.total).toBeGreaterThanOrEqual(1);
  });
});
