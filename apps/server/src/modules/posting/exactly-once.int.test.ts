import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/fixtures.js';
import {
  cashEntry,
  cashRows,
  expectCashPostedOnce,
  failedIds,
  firstEntry,
  postedIds,
  salesEntry,
  useExactlyOnce,
} from '../../test/exactly-once.js';
import {
  attemptsOf,
  documentsByKey,
  expectNotInSap,
  expectPostedOnce,
  journalLines,
  keyOf,
  makeRecords,
  nairobiDay,
  resetFaults,
  simConfig,
  storedRow,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { recordNameOf } from '../../test/record-names.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) under the simulator's faults: lost replies,
 * expired sessions, 500s and latency. Every claim is proven by the simulator's read-back: each record's key is in
 * SAP exactly once, with the right lines and dates. (Refusals and contention: exactly-once-refusals.int.test.ts;
 * rows left in posting by a crash: exactly-once-crash.int.test.ts.)
 */
const today = nairobiDay();
const p = useExactlyOnce();

describe('a lost reply', () => {
  it('ends posted with the document found by its key, never posted twice (journal entries and invoices)', async () => {
    const cash = await cashRows(p, 3);
    const [sale1, sale2] = await makeRecords(p.h, 'sales', 2);
    await simConfig(p.h.sim, { dropReplyRate: 1 });

    const cashResponse = await p.admin.post(PATHS.cash, { postSap: cash.map((r) => cashEntry(p, r.id)) });
    const salesResponse = await p.admin.post(PATHS.sales, {
      postSap: [salesEntry(sale1!), salesEntry(sale2!)],
    });
    expect(cashResponse.status).toBe(200);
    expect(salesResponse.status).toBe(200);
    expect(((await p.h.sim.stats()) as unknown as { droppedReplies: number }).droppedReplies).toBe(5);

    const docs = await expectCashPostedOnce(p, cash);
    expect(cashResponse.body.posted).toEqual(
      cash.map((r, i) => ({ id: r.id, sapDocEntry: docs[i]!.JdtNum, sapDocNum: docs[i]!.Number })),
    );
    const invoices = await expectPostedOnce(p.h.sim, [keyOf('SI', sale1!), keyOf('SI', sale2!)]);
    expect(salesResponse.body.posted).toEqual([
      { id: sale1, sapDocEntry: invoices[0]!.DocEntry, sapDocNum: invoices[0]!.DocNum },
      { id: sale2, sapDocEntry: invoices[1]!.DocEntry, sapDocNum: invoices[1]!.DocNum },
    ]);
    // The outcome was settled by the look-up.
    expect((await attemptsOf(p.h, 'CA', cash[0]!.id)).map((a) => a.outcome)).toEqual(['found']);
    expect((await attemptsOf(p.h, 'SI', sale1!)).map((a) => [a.outcome, a.sapDocEntry])).toEqual([
      ['found', invoices[0]!.DocEntry],
    ]);
  });

  it('a reply lost AND a look-up that does not find it yet: the row fails as unknown, and the re-post finds the document instead of posting again', async () => {
    // Make sure a session exists, so only the document calls are slow.
    const [warm] = await cashRows(p, 1);
    expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, warm!.id)] })).status).toBe(200);

    const [row] = await cashRows(p, 1);
    // The POST takes longer than SAP_TIMEOUT_MS (5 s): it times out, then commits in SAP; the look-up after it
    // (the look-up before it answered at once) comes before the commit and finds nothing.
    await simConfig(p.h.sim, { writeLatencyMs: 6_000 });
    const response = await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, row!.id)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toHaveLength(1);
    expect(response.body.failed[0].message).toMatch(
      /did not answer within 5 s; it is not known whether the document was created/,
    );
    expect(await storedRow(p.h, 'cash', row!.id)).toMatchObject({ status: 'failed', sapDocEntry: null });
    expect((await attemptsOf(p.h, 'CA', row!.id)).map((a) => a.outcome)).toEqual(['unknown']);
    const listed = (await p.admin.get(PATHS.cash)).body.data.find((r: { id: number }) => r.id === row!.id);
    expect(listed).toMatchObject({
      status: 'failed',
      lastError:
        'SAP did not confirm the posting (SAP Business One did not answer within 5 s; it is not known whether the document was created). It will be checked in SAP before the next try.',
    });

    // The slow commit lands in SAP after we gave up.
    await waitFor(
      async () => (await documentsByKey(p.h.sim)).has(keyOf('CA', row!.id)),
      'the slow commit',
      15_000,
    );
    await simConfig(p.h.sim, { writeLatencyMs: 0 });
    const created = (await p.h.sim.stats()).created.JournalEntries ?? 0;

    const again = await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, row!.id)] });
    expect(again.status).toBe(200);
    expect((await p.h.sim.stats()).created.JournalEntries ?? 0).toBe(created);
    await expectCashPostedOnce(p, [row!]);
    expect((await attemptsOf(p.h, 'CA', row!.id)).map((a) => a.outcome)).toEqual(['unknown', 'found']);
  }, 60_000);
});

describe('SAP sessions', () => {
  it('expire mid-batch: the client logs in again and every row is posted once', async () => {
    // 240 rows at 8 calls at a time and 40-120 ms per call: about 30 rounds (over a second) of SAP calls.
    // Each expiry is timed against the batch's own progress, not the clock, so a slow machine cannot make
    // one call meet both (the client retries a rejected call once, on a new session).
    const total = 240;
    const ids = await makeRecords(p.h, 'transporter', total, (i) => ({
      invoiceAmount: (5000 + i).toFixed(2),
    }));
    await simConfig(p.h.sim, { latencyMs: [40, 120] });
    const loginsBefore = (await p.h.sim.stats()).logins;
    const created = async () => (await p.h.sim.stats()).created.JournalEntries ?? 0;
    const createdBefore = await created();
    const posting = p.admin.post(PATHS.first, { postSap: ids.map((id) => firstEntry(id)) });

    // First expiry: once the batch has posted a round on its session.
    await waitFor(async () => (await created()) - createdBefore >= 8, 'the first round of documents', 30_000);
    const loginsAtFirstExpiry = (await p.h.sim.stats()).logins;
    await p.h.sim.control('/__sim/expire-sessions', {});
    // Second expiry: after the client has logged in again and every call it retried on that new session
    // has been answered (no call takes longer than 120 ms, so 500 ms is ample).
    await waitFor(async () => (await p.h.sim.stats()).logins > loginsAtFirstExpiry, 'a new login', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loginsAtSecondExpiry = (await p.h.sim.stats()).logins;
    await p.h.sim.control('/__sim/expire-sessions', {});
    // Both expiries landed while the batch was still posting.
    expect((await created()) - createdBefore).toBeLessThan(total);

    const response = await posting;
    expect(response.body.failed).toEqual([]);
    expect(response.status).toBe(200);
    expect(loginsAtFirstExpiry).toBeGreaterThanOrEqual(loginsBefore);
    expect((await p.h.sim.stats()).logins).toBeGreaterThan(loginsAtSecondExpiry);
    const docs = await expectPostedOnce(
      p.h.sim,
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
    await simConfig(p.h.sim, { sessionTimeoutSeconds: 1 });
    const first = await cashRows(p, 3);
    expect((await p.admin.post(PATHS.cash, { postSap: first.map((r) => cashEntry(p, r.id)) })).status).toBe(
      200,
    );
    const logins = (await p.h.sim.stats()).logins;
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const second = await cashRows(p, 3);
    const response = await p.admin.post(PATHS.cash, { postSap: second.map((r) => cashEntry(p, r.id)) });
    expect(response.status).toBe(200);
    expect((await p.h.sim.stats()).logins).toBeGreaterThan(logins);
    await expectCashPostedOnce(p, [...first, ...second]);
  });
});

describe('SAP errors (500) over a batch', () => {
  it('leave every row posted once or failed with a reason; re-posting the failed ones posts each once', async () => {
    const rows = await cashRows(p, 30);
    await simConfig(p.h.sim, { errorRate: 0.3 });
    const response = await p.admin.post(PATHS.cash, { postSap: rows.map((r) => cashEntry(p, r.id)) });
    await simConfig(p.h.sim, { errorRate: 0 });
    expect([200, 422]).toContain(response.status);
    expect([...postedIds(response.body), ...failedIds(response.body)].sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(((await p.h.sim.stats()) as unknown as { injectedErrors: number }).injectedErrors).toBeGreaterThan(
      0,
    );

    const posted = rows.filter((r) => postedIds(response.body).includes(r.id));
    const failed = rows.filter((r) => failedIds(response.body).includes(r.id));
    await expectCashPostedOnce(p, posted);
    // A failed row is back in the list with the reason, and not in SAP (a 500 stores nothing).
    await expectNotInSap(
      p.h.sim,
      failed.map((r) => keyOf('CA', r.id)),
    );
    const list = (await p.admin.get(PATHS.cash)).body.data as {
      id: number;
      status: string;
      lastError: string;
    }[];
    for (const row of failed) {
      const entry = list.find((l) => l.id === row.id);
      expect(entry?.status).toBe('failed');
      expect(entry?.lastError).toMatch(/\S/);
      expect(response.body.failed.find((f: { id: number }) => f.id === row.id).message).toBe(
        `${await recordNameOf(p.h, 'cashAdvance', row.id)}: ${entry!.lastError}`,
      );
    }
    if (failed.length) {
      const again = await p.admin.post(PATHS.cash, { postSap: failed.map((r) => cashEntry(p, r.id)) });
      expect(again.status).toBe(200);
    }
    await expectCashPostedOnce(p, rows);
  }, 60_000);

  it('with lost replies and latency too: whatever the first run says, after re-posting each row is in SAP exactly once', async () => {
    const rows = await cashRows(p, 30);
    await simConfig(p.h.sim, { errorRate: 0.2, dropReplyRate: 0.4, latencyMs: [0, 100] });
    const response = await p.admin.post(PATHS.cash, { postSap: rows.map((r) => cashEntry(p, r.id)) });
    await resetFaults(p.h.sim);
    // Never doubled, even mid-way.
    const midway = await documentsByKey(p.h.sim);
    expect(rows.filter((r) => (midway.get(keyOf('CA', r.id))?.length ?? 0) > 1)).toEqual([]);
    for (const p of response.body.posted as { id: number; sapDocEntry: number }[]) {
      expect(midway.get(keyOf('CA', p.id))?.[0]?.JdtNum).toBe(p.sapDocEntry);
    }
    const failed = failedIds(response.body);
    if (failed.length)
      expect((await p.admin.post(PATHS.cash, { postSap: failed.map((id) => cashEntry(p, id)) })).status).toBe(
        200,
      );
    await expectCashPostedOnce(p, rows);
  }, 60_000);
});

describe('latency', () => {
  it('of 0 to 200 ms per call changes nothing: each row once, the answer naming each document', async () => {
    const rows = await cashRows(p, 30);
    await simConfig(p.h.sim, { latencyMs: [0, 200] });
    const response = await p.admin.post(PATHS.cash, { postSap: rows.map((r) => cashEntry(p, r.id)) });
    expect(response.status).toBe(200);
    const docs = await expectCashPostedOnce(p, rows);
    expect(response.body.posted).toEqual(
      rows.map((r, i) => ({ id: r.id, sapDocEntry: docs[i]!.JdtNum, sapDocNum: docs[i]!.Number })),
    );
  }, 60_000);
});
