import { eq, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@ff/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postingAttempts } from '../../db/schema.js';
import { cashAdvances, transporterInvoices } from '../records/kinds/tables.js';
import { createUser, signedIn, waitFor } from '../../test/fixtures.js';
import {
  attemptsOf,
  documentsByKey,
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  makeRecords,
  monthOf,
  nairobiDay,
  recordRows,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { INTERRUPTED_MESSAGE } from './posting-sweeper.js';
import { POSTING_STEPS } from './posting-steps.js';
import { sapGatewayFor } from './sap-gateway-adapter.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) under the simulator's faults. Every claim is proven
 * by the simulator's read-back: each record's key is in SAP exactly once, with the right lines and dates.
 */
let h: PostingHarness;
let admin: TestClient;
let pettyCash: number;
const today = nairobiDay();

beforeAll(async () => {
  h = await startPostingHarness({ env: { SAP_TIMEOUT_MS: '5000', POSTING_CONCURRENCY: '8' } });
  admin = await h.signInAsAdmin();
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await resetFaults(h.sim);
  await h.sim.control('/__sim/periods/unlock', {});
});

const PATH = {
  sales: '/api/v1/journalSaleInvoice',
  first: '/api/v1/firstJournalTransporterInvoice',
  second: '/api/v1/secondJournalTransporterInvoice',
  cash: '/api/v1/journalCashAdvance',
};
const cashEntry = (id: number, postingDate = today) => ({
  cashAdvanceId: id,
  sapAccount: pettyCash,
  postingDate,
});
const salesEntry = (id: number, postingDate = today) => ({ saleInvoice: id, postingDate });
const firstEntry = (id: number, postingDate = today) => ({
  transporterInvoice: id,
  postingDate,
  supplierInvoiceNumber: `SUP-${id}`,
});

/** `count` cash advances with distinct amounts (1000.25 + i), so every document's lines can be checked. */
async function cashRows(count: number) {
  const ids = await importRecords(
    h,
    'cash',
    Array.from({ length: count }, (_, i) => recordRows.cash({ amount: (1000.25 + i).toFixed(2) })),
  );
  return ids.map((id, i) => ({ id, amount: 1000.25 + i }));
}

/** Each cash advance is in SAP once, debiting its transporter and crediting the petty cash ledger with its own amount. */
async function expectCashPostedOnce(rows: { id: number; amount: number }[]) {
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

const postedIds = (body: { posted: { id: number }[] }) => body.posted.map((p) => p.id).sort((a, b) => a - b);
const failedIds = (body: { failed: { id: number }[] }) => body.failed.map((f) => f.id).sort((a, b) => a - b);

describe('a lost reply', () => {
  it('ends posted with the document found by its key, never posted twice (journal entries and invoices)', async () => {
    const cash = await cashRows(3);
    const [sale1, sale2] = await makeRecords(h, 'sales', 2);
    await simConfig(h.sim, { dropReplyRate: 1 });

    const cashResponse = await admin.post(PATH.cash, { postSap: cash.map((r) => cashEntry(r.id)) });
    const salesResponse = await admin.post(PATH.sales, { postSap: [salesEntry(sale1!), salesEntry(sale2!)] });
    expect(cashResponse.status).toBe(200);
    expect(salesResponse.status).toBe(200);
    expect(((await h.sim.stats()) as unknown as { droppedReplies: number }).droppedReplies).toBe(5);

    const docs = await expectCashPostedOnce(cash);
    expect(cashResponse.body.posted).toEqual(
      cash.map((r, i) => ({ id: r.id, sapDocEntry: docs[i]!.JdtNum, sapDocNum: docs[i]!.Number })),
    );
    const invoices = await expectPostedOnce(h.sim, [keyOf('SI', sale1!), keyOf('SI', sale2!)]);
    expect(salesResponse.body.posted).toEqual([
      { id: sale1, sapDocEntry: invoices[0]!.DocEntry, sapDocNum: invoices[0]!.DocNum },
      { id: sale2, sapDocEntry: invoices[1]!.DocEntry, sapDocNum: invoices[1]!.DocNum },
    ]);
    // The outcome was settled by the look-up.
    expect((await attemptsOf(h, 'CA', cash[0]!.id)).map((a) => a.outcome)).toEqual(['found']);
    expect((await attemptsOf(h, 'SI', sale1!)).map((a) => [a.outcome, a.sapDocEntry])).toEqual([
      ['found', invoices[0]!.DocEntry],
    ]);
  });

  it('a reply lost AND a look-up that cannot answer: the row fails as unknown, and the re-post finds the document instead of posting again', async () => {
    // Make sure a session exists, so only the document calls are slow.
    const [warm] = await cashRows(1);
    expect((await admin.post(PATH.cash, { postSap: [cashEntry(warm!.id)] })).status).toBe(200);

    const [row] = await cashRows(1);
    // Everything takes longer than SAP_TIMEOUT_MS (5 s): the POST times out, then commits in SAP;
    // the look-up after it times out too.
    await simConfig(h.sim, { latencyMs: 6_000 });
    const response = await admin.post(PATH.cash, { postSap: [cashEntry(row!.id)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toHaveLength(1);
    expect(response.body.failed[0].message).toMatch(
      /did not answer within 5 s; it is not known whether the document was created/,
    );
    expect(await storedRow(h, 'cash', row!.id)).toMatchObject({ status: 'failed', sapDocEntry: null });
    expect((await attemptsOf(h, 'CA', row!.id)).map((a) => a.outcome)).toEqual(['unknown']);
    const listed = (await admin.get(PATH.cash)).body.data.find((r: { id: number }) => r.id === row!.id);
    expect(listed).toMatchObject({
      status: 'failed',
      lastError:
        'SAP did not confirm the posting (SAP Business One did not answer within 5 s; it is not known whether the document was created). It will be checked in SAP before the next try.',
    });

    // The slow commit lands in SAP after we gave up.
    await waitFor(
      async () => (await documentsByKey(h.sim)).has(keyOf('CA', row!.id)),
      'the slow commit',
      15_000,
    );
    await simConfig(h.sim, { latencyMs: 0 });
    const created = (await h.sim.stats()).created.JournalEntries ?? 0;

    const again = await admin.post(PATH.cash, { postSap: [cashEntry(row!.id)] });
    expect(again.status).toBe(200);
    expect((await h.sim.stats()).created.JournalEntries ?? 0).toBe(created);
    await expectCashPostedOnce([row!]);
    expect((await attemptsOf(h, 'CA', row!.id)).map((a) => a.outcome)).toEqual(['unknown', 'found']);
  }, 60_000);
});

describe('SAP sessions', () => {
  it('expire mid-batch: the client logs in again and every row is posted once', async () => {
    // 240 rows at 8 calls at a time and 40-120 ms per call: about 30 rounds (over a second) of SAP calls.
    // Each expiry is timed against the batch's own progress, not the clock, so a slow machine cannot make
    // one call meet both (the client retries a rejected call once, on a new session).
    const total = 240;
    const ids = await makeRecords(h, 'transporter', total, (i) => ({ invoiceAmount: (5000 + i).toFixed(2) }));
    await simConfig(h.sim, { latencyMs: [40, 120] });
    const loginsBefore = (await h.sim.stats()).logins;
    const created = async () => (await h.sim.stats()).created.JournalEntries ?? 0;
    const createdBefore = await created();
    const posting = admin.post(PATH.first, { postSap: ids.map((id) => firstEntry(id)) });

    // First expiry: once the batch has posted a round on its session.
    await waitFor(async () => (await created()) - createdBefore >= 8, 'the first round of documents', 30_000);
    const loginsAtFirstExpiry = (await h.sim.stats()).logins;
    await h.sim.control('/__sim/expire-sessions', {});
    // Second expiry: after the client has logged in again and every call it retried on that new session
    // has been answered (no call takes longer than 120 ms, so 500 ms is ample).
    await waitFor(async () => (await h.sim.stats()).logins > loginsAtFirstExpiry, 'a new login', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loginsAtSecondExpiry = (await h.sim.stats()).logins;
    await h.sim.control('/__sim/expire-sessions', {});
    // Both expiries landed while the batch was still posting.
    expect((await created()) - createdBefore).toBeLessThan(total);

    const response = await posting;
    expect(response.body.failed).toEqual([]);
    expect(response.status).toBe(200);
    expect(loginsAtFirstExpiry).toBeGreaterThanOrEqual(loginsBefore);
    expect((await h.sim.stats()).logins).toBeGreaterThan(loginsAtSecondExpiry);
    const docs = await expectPostedOnce(
      h.sim,
      ids.map((id) => keyOf('FJ', id)),
    );
    docs.forEach((doc, i) => {
      expect(doc).toMatchObject({ Reference2: `SUP-${ids[i]}`, ReferenceDate: today });
      expect(journalLines(doc)).toEqual([
        ['500100', 5000 + i, 0],
        ['210200', 0, 5000 + i],
      ]);
    });
  });

  it('time out between posts (sessionTimeoutSeconds): the next post logs in again', async () => {
    await simConfig(h.sim, { sessionTimeoutSeconds: 1 });
    const first = await cashRows(3);
    expect((await admin.post(PATH.cash, { postSap: first.map((r) => cashEntry(r.id)) })).status).toBe(200);
    const logins = (await h.sim.stats()).logins;
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const second = await cashRows(3);
    const response = await admin.post(PATH.cash, { postSap: second.map((r) => cashEntry(r.id)) });
    expect(response.status).toBe(200);
    expect((await h.sim.stats()).logins).toBeGreaterThan(logins);
    await expectCashPostedOnce([...first, ...second]);
  });
});

describe('SAP errors (500) over a batch', () => {
  it('leave every row posted once or failed with a reason; re-posting the failed ones posts each once', async () => {
    const rows = await cashRows(30);
    await simConfig(h.sim, { errorRate: 0.3 });
    const response = await admin.post(PATH.cash, { postSap: rows.map((r) => cashEntry(r.id)) });
    await simConfig(h.sim, { errorRate: 0 });
    expect([200, 422]).toContain(response.status);
    expect([...postedIds(response.body), ...failedIds(response.body)].sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(((await h.sim.stats()) as unknown as { injectedErrors: number }).injectedErrors).toBeGreaterThan(
      0,
    );

    const posted = rows.filter((r) => postedIds(response.body).includes(r.id));
    const failed = rows.filter((r) => failedIds(response.body).includes(r.id));
    await expectCashPostedOnce(posted);
    // A failed row is back in the list with the reason, and not in SAP (a 500 stores nothing).
    await expectNotInSap(
      h.sim,
      failed.map((r) => keyOf('CA', r.id)),
    );
    const list = (await admin.get(PATH.cash)).body.data as {
      id: number;
      status: string;
      lastError: string;
    }[];
    for (const row of failed) {
      const entry = list.find((l) => l.id === row.id);
      expect(entry?.status).toBe('failed');
      expect(entry?.lastError).toMatch(/\S/);
      expect(response.body.failed.find((f: { id: number }) => f.id === row.id).message).toBe(
        `#${row.id}: ${entry!.lastError}`,
      );
    }
    if (failed.length) {
      const again = await admin.post(PATH.cash, { postSap: failed.map((r) => cashEntry(r.id)) });
      expect(again.status).toBe(200);
    }
    await expectCashPostedOnce(rows);
  }, 60_000);

  it('with lost replies and latency too: whatever the first run says, after re-posting each row is in SAP exactly once', async () => {
    const rows = await cashRows(30);
    await simConfig(h.sim, { errorRate: 0.2, dropReplyRate: 0.4, latencyMs: [0, 100] });
    const response = await admin.post(PATH.cash, { postSap: rows.map((r) => cashEntry(r.id)) });
    await resetFaults(h.sim);
    // Never doubled, even mid-way.
    const midway = await documentsByKey(h.sim);
    expect(rows.filter((r) => (midway.get(keyOf('CA', r.id))?.length ?? 0) > 1)).toEqual([]);
    for (const p of response.body.posted as { id: number; sapDocEntry: number }[]) {
      expect(midway.get(keyOf('CA', p.id))?.[0]?.JdtNum).toBe(p.sapDocEntry);
    }
    const failed = failedIds(response.body);
    if (failed.length)
      expect((await admin.post(PATH.cash, { postSap: failed.map((id) => cashEntry(id)) })).status).toBe(200);
    await expectCashPostedOnce(rows);
  }, 60_000);
});

describe('latency', () => {
  it('of 0 to 200 ms per call changes nothing: each row once, the answer naming each document', async () => {
    const rows = await cashRows(30);
    await simConfig(h.sim, { latencyMs: [0, 200] });
    const response = await admin.post(PATH.cash, { postSap: rows.map((r) => cashEntry(r.id)) });
    expect(response.status).toBe(200);
    const docs = await expectCashPostedOnce(rows);
    expect(response.body.posted).toEqual(
      rows.map((r, i) => ({ id: r.id, sapDocEntry: docs[i]!.JdtNum, sapDocNum: docs[i]!.Number })),
    );
  }, 60_000);
});

describe('a SAP refusal (locked period)', () => {
  it("fails the row with SAP's text; it stays in the list; once the period is open again the re-post posts it once", async () => {
    const [id] = await makeRecords(h, 'transporter', 1);
    await h.sim.control('/__sim/periods/lock', { from: monthOf(today) });
    const response = await admin.post(PATH.first, { postSap: [firstEntry(id!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      { id, message: `#${id}: Posting period locked; specify an alternative date` },
    ]);
    expect(response.body.message).toBe(
      `The first journal transporter invoice could not be posted. #${id}: Posting period locked; specify an alternative date`,
    );
    const listed = (await admin.get(PATH.first)).body.data.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({
      status: 'failed',
      lastError: 'Posting period locked; specify an alternative date',
      supplierInvoiceNumber: `SUP-${id}`,
    });
    expect((await attemptsOf(h, 'FJ', id!)).map((a) => [a.outcome, a.errorCode])).toEqual([
      ['failed', '-4013'],
    ]);
    await expectNotInSap(h.sim, [keyOf('FJ', id!)]);

    await h.sim.control('/__sim/periods/unlock', { from: monthOf(today) });
    const again = await admin.post(PATH.first, { postSap: [firstEntry(id!)] });
    expect(again.status).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('FJ', id!)]);
    expect((await admin.get(PATH.first)).body.data.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});

describe('two users posting the same rows at the same moment', () => {
  it('post each row once; the other answer names the rows it refused', async () => {
    const [a, b, c, d] = (await makeRecords(h, 'sales', 4)) as [number, number, number, number];
    const permissions = [PERMISSIONS.viewSalesInvoices, PERMISSIONS.postSalesInvoices];
    const alice = await signedIn(h.server, await createUser(h.server, { permissions }));
    const bob = await signedIn(h.server, await createUser(h.server, { permissions }));
    await simConfig(h.sim, { latencyMs: [50, 150] });
    const [first, second] = await Promise.all([
      alice.post(PATH.sales, { postSap: [a, b, c].map((id) => salesEntry(id)) }),
      bob.post(PATH.sales, { postSap: [b, c, d].map((id) => salesEntry(id)) }),
    ]);
    // a is only alice's, d only bob's; b and c went to whoever claimed first.
    expect(postedIds(first.body)).toContain(a);
    expect(postedIds(second.body)).toContain(d);
    const winners = [...postedIds(first.body), ...postedIds(second.body)].sort((x, y) => x - y);
    expect(winners).toEqual([a, b, c, d].sort((x, y) => x - y));
    const refused = [...first.body.failed, ...second.body.failed] as { id: number; message: string }[];
    expect(refused.map((r) => r.id).sort((x, y) => x - y)).toEqual([b, c].sort((x, y) => x - y));
    for (const r of refused)
      expect(r.message).toMatch(
        new RegExp(`^#${r.id}: it (is being posted right now|has already been posted)\\.$`),
      );
    const loser = first.body.failed.length ? first : second;
    expect(loser.status).toBe(422);
    for (const r of refused) expect(loser.body.message).toContain(`#${r.id}: it `);
    await expectPostedOnce(
      h.sim,
      [a, b, c, d].map((id) => keyOf('SI', id)),
    );
  });

  it('the same rows in full, many times at once: still once each', async () => {
    const ids = await makeRecords(h, 'transporter', 10);
    const permissions = [PERMISSIONS.viewTransporterInvoices, PERMISSIONS.postTransporterInvoices];
    const users = await Promise.all(
      [0, 1, 2].map(async () => signedIn(h.server, await createUser(h.server, { permissions }))),
    );
    await simConfig(h.sim, { latencyMs: [10, 60] });
    const answers = await Promise.all(
      users.map((u) => u.post(PATH.first, { postSap: ids.map((id) => firstEntry(id)) })),
    );
    const posted = answers.flatMap((r) => postedIds(r.body)).sort((x, y) => x - y);
    expect(posted).toEqual([...ids].sort((x, y) => x - y));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    await expectPostedOnce(
      h.sim,
      ids.map((id) => keyOf('FJ', id)),
    );
  });
});

describe('a batch where some rows fail', () => {
  it("answers 422 naming each failed row with SAP's reason; the others are posted; the failed stay listed", async () => {
    const lockedDay = nairobiDay(-40);
    const rows = await importRecords(h, 'sales', [
      recordRows.sales({ amount: '100.10' }),
      recordRows.sales({ customerCode: 'C99999' }),
      recordRows.sales({ amount: '200.20', documentDate: `${nairobiDay(-45)}T10:00:00` }),
      recordRows.sales({ amount: '300.30' }),
      recordRows.sales({ customerCode: 'C99998' }),
      recordRows.sales({ amount: '400.40', documentDate: `${nairobiDay(-45)}T10:00:00` }),
    ]);
    const [ok1, unknown1, locked1, ok2, unknown2, locked2] = rows as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await h.sim.control('/__sim/periods/lock', { from: monthOf(lockedDay) });
    const response = await admin.post(PATH.sales, {
      postSap: [
        salesEntry(ok1),
        salesEntry(unknown1),
        salesEntry(locked1, lockedDay),
        salesEntry(ok2),
        salesEntry(unknown2),
        salesEntry(locked2, lockedDay),
      ],
    });
    expect(response.status).toBe(422);
    const unknownCustomer = 'No matching records found (ODBC -2028)';
    const lockedPeriod = 'Posting period locked; specify an alternative date';
    expect(response.body.failed).toEqual(
      [
        { id: unknown1, message: `#${unknown1}: ${unknownCustomer}` },
        { id: locked1, message: `#${locked1}: ${lockedPeriod}` },
        { id: unknown2, message: `#${unknown2}: ${unknownCustomer}` },
        { id: locked2, message: `#${locked2}: ${lockedPeriod}` },
      ].sort((x, y) => x.id - y.id),
    );
    expect(response.body.message).toBe(
      `4 of 6 sales invoices could not be posted; 2 posted. ${[...response.body.failed].map((f: { message: string }) => f.message).join(' ')}`,
    );
    expect(postedIds(response.body)).toEqual([ok1, ok2].sort((x, y) => x - y));
    const docs = await expectPostedOnce(h.sim, [keyOf('SI', ok1), keyOf('SI', ok2)]);
    expect(docs.map((d) => d.DocTotal)).toEqual([100.1, 300.3]);
    await expectNotInSap(
      h.sim,
      [unknown1, locked1, unknown2, locked2].map((id) => keyOf('SI', id)),
    );

    const list = (await admin.get(PATH.sales)).body.data as {
      id: number;
      status: string;
      lastError: string | null;
      postingDate: string;
    }[];
    expect(
      list.filter((l) => rows.includes(l.id)).map((l) => [l.id, l.status, l.lastError, l.postingDate]),
    ).toEqual([
      [locked1, 'failed', lockedPeriod, lockedDay],
      [locked2, 'failed', lockedPeriod, lockedDay],
      [unknown1, 'failed', unknownCustomer, today],
      [unknown2, 'failed', unknownCustomer, today],
    ]);

    // Fixed (period open again): the locked rows post once, with the new posting date.
    await h.sim.control('/__sim/periods/unlock', {});
    const again = await admin.post(PATH.sales, { postSap: [salesEntry(locked1), salesEntry(locked2)] });
    expect(again.status).toBe(200);
    const fixed = await expectPostedOnce(h.sim, [keyOf('SI', locked1), keyOf('SI', locked2)]);
    expect(fixed.map((d) => [d.DocDate, d.TaxDate, d.DocTotal])).toEqual([
      [today, nairobiDay(-45), 200.2],
      [today, nairobiDay(-45), 400.4],
    ]);
  });
});

describe('VAS posts without a queue in this process', () => {
  it('answer 503 and claim nothing', async () => {
    const [id] = await makeRecords(h, 'vas', 1);
    const response = await admin.post('/api/v1/journalVasTransaction', {
      postSap: [
        {
          vasTransactionId: id,
          sapAccountRevenue: await ledgerId(h, '410200'),
          sapAccountCost: await ledgerId(h, '510200'),
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('The posting queue is not running; try again shortly.');
    expect(await storedRow(h, 'vas', id!)).toMatchObject({ status: 'unposted' });
  });
});

describe('a row left in posting by a crash', () => {
  const step = POSTING_STEPS.cashAdvance;

  /** What a crashed process leaves: the row claimed (posting, attempt open), maybe posted to SAP, nothing recorded after. */
  async function crashWhilePosting(id: number, options: { reachedSap: boolean }) {
    const repository = h.app.services.postingRepository;
    const attemptId = await h.database.db.transaction(async (tx) =>
      repository.claim(
        step,
        { id, postingDate: today, userId: null, extra: { onAccountId: pettyCash } },
        tx as never,
      ),
    );
    expect(attemptId).not.toBeNull();
    let jdtNum: number | null = null;
    if (options.reachedSap) {
      const row = await storedRow(h, 'cash', id);
      const document = h.app.services.postingRules.cashAdvance({
        key: keyOf('CA', id),
        postingDate: today,
        documentDate: nairobiDay(-5),
        amount: String(row.amount),
        transporterCode: String(row.transporterCode),
        pettyCashAccount: '110101',
      });
      jdtNum = (await sapGatewayFor(h.app.services.sap).create(document)).docEntry;
    }
    return { attemptId: attemptId!, jdtNum };
  }
  /** The poster stopped renewing its lease a minute ago (it died). */
  const ageLease = (attemptId: number) =>
    h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptId));

  it('is resolved by a look-up: posted when SAP has the document, back in the list as failed when it has not', async () => {
    const [reached, lost, fresh] = await cashRows(3);
    const withDoc = await crashWhilePosting(reached!.id, { reachedSap: true });
    const withoutDoc = await crashWhilePosting(lost!.id, { reachedSap: false });
    // A row whose poster renewed its lease just now is alive: left alone.
    await crashWhilePosting(fresh!.id, { reachedSap: false });
    // Stuck: out of the list, and refused.
    expect(
      (await admin.get(PATH.cash)).body.data.filter((r: { id: number }) =>
        [reached!.id, lost!.id].includes(r.id),
      ),
    ).toEqual([]);
    const retry = await admin.post(PATH.cash, { postSap: [cashEntry(reached!.id)] });
    expect(retry.body.failed).toEqual([
      { id: reached!.id, message: `#${reached!.id}: it is being posted right now.` },
    ]);

    await ageLease(withDoc.attemptId);
    await ageLease(withoutDoc.attemptId);
    // (The app's own sweeper may get there first; either way the outcome is the same.)
    const result = await h.app.services.sweeper.sweep();
    expect([...result.posted, ...result.failed, ...result.skipped]).not.toContain(keyOf('CA', fresh!.id));

    expect(await storedRow(h, 'cash', reached!.id)).toMatchObject({
      status: 'posted',
      sapDocEntry: withDoc.jdtNum,
      lastError: null,
    });
    expect((await attemptsOf(h, 'CA', reached!.id)).map((a) => [a.outcome, a.sapDocEntry])).toEqual([
      ['found', withDoc.jdtNum],
    ]);
    await expectCashPostedOnce([reached!]);

    expect(await storedRow(h, 'cash', lost!.id)).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_MESSAGE,
    });
    expect((await attemptsOf(h, 'CA', lost!.id)).map((a) => a.outcome)).toEqual(['unknown']);
    expect(
      (await admin.get(PATH.cash)).body.data.find((r: { id: number }) => r.id === lost!.id),
    ).toMatchObject({ status: 'failed', lastError: INTERRUPTED_MESSAGE });
    expect(await storedRow(h, 'cash', fresh!.id)).toMatchObject({ status: 'posting' });

    // The re-post of the lost one looks the key up first (its last outcome is unknown), then posts it once.
    const reads = (await h.sim.stats()).requests.JournalEntries ?? 0;
    const again = await admin.post(PATH.cash, { postSap: [cashEntry(lost!.id)] });
    expect(again.status).toBe(200);
    expect((await h.sim.stats()).requests.JournalEntries ?? 0).toBe(reads + 2);
    expect((await attemptsOf(h, 'CA', lost!.id)).map((a) => a.outcome)).toEqual(['unknown', 'posted']);
    await expectCashPostedOnce([lost!]);

    await h.database.db
      .update(cashAdvances)
      .set({ status: 'unposted' })
      .where(eq(cashAdvances.id, fresh!.id));
    await h.database.db
      .update(postingAttempts)
      .set({ outcome: 'failed' })
      .where(eq(postingAttempts.recordId, fresh!.id));
  });

  it('is resolved by the sweeper the app runs on its own, for every kind', async () => {
    const [cash] = await cashRows(1);
    const [sale] = await makeRecords(h, 'sales', 1);
    await ageLease((await crashWhilePosting(cash!.id, { reachedSap: true })).attemptId);
    // A sales invoice (key in Invoices.Reference2) that never reached SAP.
    const saleAttempt = await h.database.db.transaction(async (tx) =>
      h.app.services.postingRepository.claim(
        POSTING_STEPS.salesInvoice,
        { id: sale!, postingDate: today, userId: null },
        tx as never,
      ),
    );
    await h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, saleAttempt!));
    await waitFor(
      async () =>
        (await storedRow(h, 'cash', cash!.id)).status === 'posted' &&
        (await storedRow(h, 'sales', sale!)).status === 'failed',
      'the background sweep',
      30_000,
    );
    await expectCashPostedOnce([cash!]);
    await expectNotInSap(h.sim, [keyOf('SI', sale!)]);
    expect(await storedRow(h, 'sales', sale!)).toMatchObject({ lastError: INTERRUPTED_MESSAGE });
    // Both changes are in the audit log, as the system's.
    const { sapDocEntry, sapDocNum } = await storedRow(h, 'cash', cash!.id);
    const trail = await waitFor(async () => {
      const entries = (
        (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[]
      ).map((e) => [e.event, e.createdBy]);
      const has = (text: string) => entries.some(([event]) => event!.includes(text));
      return has(`sales invoice #${sale!} `) && has(`cash advance record #${cash!.id} `) && entries;
    }, 'the audit entries of the sweep');
    expect(trail).toEqual(
      expect.arrayContaining([
        [
          `Interrupted posting of cash advance record #${cash!.id} found in SAP (DocEntry ${sapDocEntry}, DocNum ${sapDocNum}); marked posted`,
          'System',
        ],
        [
          `Interrupted posting of sales invoice #${sale!} not found in SAP; back in its list as failed`,
          'System',
        ],
      ]),
    );
  }, 45_000);

  it('a second journal stuck in posting is resolved on its own columns, leaving the first journal as it was', async () => {
    const [id] = await makeRecords(h, 'transporter', 1);
    expect((await admin.post(PATH.first, { postSap: [firstEntry(id!)] })).status).toBe(200);
    const attemptId = await h.database.db.transaction(async (tx) =>
      h.app.services.postingRepository.claim(
        POSTING_STEPS.secondJournal,
        { id: id!, postingDate: today, userId: null },
        tx as never,
      ),
    );
    await h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptId!));
    await h.app.services.sweeper.sweep();
    const row = await storedRow(h, 'transporter', id!);
    expect(row).toMatchObject({
      fjStatus: 'posted',
      sjStatus: 'failed',
      sjLastError: INTERRUPTED_MESSAGE,
      fjLastError: null,
    });
    expect((await admin.get(PATH.second)).body.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: 'failed',
    });
    expect(
      (await admin.post(PATH.second, { postSap: [{ transporterInvoice: id, postingDate: today }] })).status,
    ).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('FJ', id!), keyOf('SJ', id!)]);
    expect(
      await h.database.db
        .select({ sj: transporterInvoices.sjStatus })
        .from(transporterInvoices)
        .where(eq(transporterInvoices.id, id!)),
    ).toEqual([{ sj: 'posted' }]);
  });

  it('a live poster keeps its rows: a batch longer than the lease renews it, so no sweep takes them', async () => {
    // 48 rows, 8 at a time, 2.5 s per SAP call: the last 8 wait ~12.5 s after their claim before their turn,
    // longer than the 10 s lease (2 x SAP_TIMEOUT_MS). Without renewals, the sweep at 11 s (or the app's own,
    // every 5 s) would take them for abandoned and fail them.
    const rows = await cashRows(48);
    await simConfig(h.sim, { latencyMs: 2_500 });
    const posting = admin.post(PATH.cash, { postSap: rows.map((r) => cashEntry(r.id)) });
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const swept = await h.app.services.sweeper.sweep();
    const keys = rows.map((r) => keyOf('CA', r.id));
    expect([...swept.posted, ...swept.failed, ...swept.skipped].filter((k) => keys.includes(k))).toEqual([]);
    const response = await posting;
    expect(response.body.failed).toEqual([]);
    expect(response.status).toBe(200);
    await expectCashPostedOnce(rows);
    const attempts = await h.database.db
      .select()
      .from(postingAttempts)
      .where(
        sql`${postingAttempts.kind} = 'CA' AND ${postingAttempts.recordId} IN (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    expect(attempts.filter((a) => a.errorMessage === INTERRUPTED_MESSAGE)).toEqual([]);
  }, 60_000);
});
