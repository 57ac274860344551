import { eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import { vasTransactions } from '../modules/records/kinds/tables.js';
import { INTERRUPTED_MESSAGE } from '../modules/posting/posting-sweeper.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';
import type { KindRules } from '../modules/posting/kind-rules.js';
import { sapGatewayFor } from '../modules/posting/sap-gateway-adapter.js';
import { waitFor } from '../test/fixtures.js';
import {
  attemptsOf,
  documentsByKey,
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  journalLines,
  keyOf,
  ledgerId,
  monthOf,
  nairobiDay,
  recordRows,
  resetFaults,
  simConfig,
  startPostingHarness,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../test/posting-harness.js';
import type { TestClient } from '../test/test-client.js';
import { VAS_POSTING_QUEUE } from './queue.js';
import { handleVasPosting, VasRetryLater, type VasPostingJob } from './vas-posting.job.js';

/**
 * VAS posting through the pg-boss queue (on PGlite and on Postgres): the app built with `queue` and the worker
 * started in this process, as embedded mode runs them. Every claim is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
let revenue: number;
let cost: number;
const today = nairobiDay();
const PATH = '/api/v1/journalVasTransaction';
const step = POSTING_STEPS.vasTransaction;

beforeAll(async () => {
  h = await startPostingHarness({
    queue: true,
    env: {
      SAP_TIMEOUT_MS: '3000',
      VAS_JOB_EXPIRE_SECONDS: '6',
      VAS_RETRY_DELAY_SECONDS: '1',
      VAS_RETRY_LIMIT: '6',
      QUEUE_CONCURRENCY: '4',
    },
  });
  admin = await h.signInAsAdmin();
  [revenue, cost] = await Promise.all([ledgerId(h, '410200'), ledgerId(h, '510200')]);
}, 120_000);
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await resetFaults(h.sim);
  await h.sim.control('/__sim/periods/unlock', {});
});

type VasRow = { id: number; selling: number; buying: number; order: string };

/** `count` VAS rows, each with its own prices; collected quantity 2 of 10. */
async function vasRows(
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

const entry = (row: VasRow, postingDate = today) => ({
  vasTransactionId: row.id,
  sapAccountRevenue: revenue,
  sapAccountCost: cost,
  collectedQuantity: '2',
  productType: 'Tyres',
  postingDate,
  orderNumber: row.order,
});

const settled = async (rows: VasRow[]) => {
  const stored = await storedRows(
    h,
    'vas',
    rows.map((r) => r.id),
  );
  return stored.every((r) => r.status === 'posted' || r.status === 'failed');
};
const waitSettled = (rows: VasRow[], timeoutMs = 45_000) =>
  waitFor(() => settled(rows), `${rows.length} VAS rows to settle`, timeoutMs);

/** Each row is in SAP exactly once: transporter/revenue for the selling total, cost/supplier for the buying total. */
async function expectVasPostedOnce(rows: VasRow[], postingDate = today, taxDate = nairobiDay(-5)) {
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
      Reference3: `FF-VAS-${row.id}`,
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
const auditTrail = async () =>
  ((await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[]).map((e) => [
    e.event,
    e.createdBy,
  ]);

const listedIds = async () => ((await admin.get(PATH)).body.data as { id: number }[]).map((r) => r.id);

describe('the VAS queue', () => {
  it('takes rows out of the list at once, refuses them while queued, and posts each exactly once', async () => {
    const rows = await vasRows(10);
    const response = await admin.post(PATH, { postSap: rows.map((r) => entry(r)) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Vas Transactions have been queued for posting',
      posted: [],
      failed: [],
      queued: rows.map((r) => ({ id: r.id })),
    });
    expect((await listedIds()).filter((id) => rows.some((r) => r.id === id))).toEqual([]);

    const again = await admin.post(PATH, { postSap: rows.map((r) => entry(r)) });
    expect(again.status).toBe(422);
    expect(again.body.queued).toEqual([]);
    for (const f of again.body.failed as { id: number; message: string }[]) {
      expect(f.message).toMatch(
        new RegExp(
          `^#${f.id}: it (is already queued for posting|is being posted right now|has already been posted)\\.$`,
        ),
      );
    }
    expect(again.body.message).toMatch(/^None of the 10 VAS transactions could be queued\. /);

    await waitSettled(rows);
    await expectVasPostedOnce(rows);
    const third = await admin.post(PATH, { postSap: [entry(rows[0]!)] });
    expect(third.body.failed).toEqual([
      { id: rows[0]!.id, message: `#${rows[0]!.id}: it has already been posted.` },
    ]);
    await expectVasPostedOnce(rows);
  }, 60_000);

  it("brings a SAP refusal back as a failed row with SAP's reason; fixed, the re-post posts it once", async () => {
    const lockedDay = nairobiDay(-40);
    const [good] = await vasRows(1);
    const [unknownSupplier] = await vasRows(1, () => ({ supplierCode: 'S99999' }));
    const [locked] = await vasRows(1, () => ({ documentDate: `${nairobiDay(-45)}T09:00:00` }));
    await h.sim.control('/__sim/periods/lock', { from: monthOf(lockedDay) });
    const response = await admin.post(PATH, {
      postSap: [entry(good!), entry(unknownSupplier!), entry(locked!, lockedDay)],
    });
    expect(response.status).toBe(200);
    const all = [good!, unknownSupplier!, locked!];
    await waitSettled(all);

    await expectVasPostedOnce([good!]);
    await expectNotInSap(h.sim, [keyOf('VAS', unknownSupplier!.id), keyOf('VAS', locked!.id)]);
    const list = (await admin.get(PATH)).body.data as {
      id: number;
      status: string;
      lastError: string | null;
    }[];
    expect(list.find((r) => r.id === unknownSupplier!.id)).toMatchObject({
      status: 'failed',
      lastError: 'No matching records found (ODBC -2028)',
    });
    expect(list.find((r) => r.id === locked!.id)).toMatchObject({
      status: 'failed',
      lastError: 'Posting period locked; specify an alternative date',
    });
    expect(list.some((r) => r.id === good!.id)).toBe(false);
    // The queue's outcomes are in the audit log, as the system's (written just after each row settles).
    const trail = await waitFor(async () => {
      const entries = await auditTrail();
      return (
        all.every((r) => entries.some(([event]) => event!.includes(`VAS transaction #${r.id} `))) && entries
      );
    }, "the queue's audit entries");
    expect(trail).toEqual(
      expect.arrayContaining([
        [
          expect.stringMatching(
            new RegExp(
              `^Posted VAS transaction #${good!.id} to SAP from the queue \\(DocEntry \\d+, DocNum \\d+\\)$`,
            ),
          ),
          'System',
        ],
        [
          `VAS transaction #${unknownSupplier!.id} could not be posted from the queue: No matching records found (ODBC -2028)`,
          'System',
        ],
        [
          `VAS transaction #${locked!.id} could not be posted from the queue: Posting period locked; specify an alternative date`,
          'System',
        ],
      ]),
    );
    // A refusal is final for that try: one attempt, no retries.
    expect((await attemptsOf(h, 'VAS', locked!.id)).map((a) => [a.outcome, a.errorCode])).toEqual([
      ['failed', '-4013'],
    ]);

    await h.sim.control('/__sim/periods/unlock', {});
    expect((await admin.post(PATH, { postSap: [entry(locked!, lockedDay)] })).status).toBe(200);
    await waitSettled([locked!]);
    await expectVasPostedOnce([locked!], lockedDay, nairobiDay(-45));
  }, 60_000);

  it('settles a lost reply by the look-up, and retries 500s with backoff until each row is posted once', async () => {
    const lost = await vasRows(4);
    await simConfig(h.sim, { dropReplyRate: 1 });
    expect((await admin.post(PATH, { postSap: lost.map((r) => entry(r)) })).status).toBe(200);
    await waitSettled(lost);
    await simConfig(h.sim, { dropReplyRate: 0 });
    await expectVasPostedOnce(lost);
    expect((await attemptsOf(h, 'VAS', lost[0]!.id)).map((a) => a.outcome)).toEqual(['found']);

    const rows = await vasRows(8);
    await simConfig(h.sim, { errorRate: 0.5 });
    expect((await admin.post(PATH, { postSap: rows.map((r) => entry(r)) })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await simConfig(h.sim, { errorRate: 0 });
    await waitSettled(rows);
    await expectVasPostedOnce(rows);
  }, 90_000);

  it('survives a restart in the middle of a batch (graceful stop): every row posted exactly once', async () => {
    const rows = await vasRows(16);
    await simConfig(h.sim, { latencyMs: [300, 500] });
    expect((await admin.post(PATH, { postSap: rows.map((r) => entry(r)) })).status).toBe(200);
    await waitFor(
      async () =>
        (
          await storedRows(
            h,
            'vas',
            rows.map((r) => r.id),
          )
        ).some((r) => r.status === 'posted'),
      'a first posted row',
      30_000,
    );
    await h.stop();
    const midway = await storedRows(
      h,
      'vas',
      rows.map((r) => r.id),
    );
    expect(midway.filter((r) => r.status !== 'posted').length).toBeGreaterThan(0);
    // Nothing is doubled by the stop.
    const byKey = await documentsByKey(h.sim);
    expect(rows.filter((r) => (byKey.get(keyOf('VAS', r.id))?.length ?? 0) > 1)).toEqual([]);

    await h.start();
    admin = await h.signInAsAdmin();
    await waitSettled(rows, 60_000);
    await expectVasPostedOnce(rows);
  }, 120_000);

  it('survives an abrupt stop in the middle of a batch (jobs failed while their handlers still run): exactly once', async () => {
    const rows = await vasRows(12);
    await simConfig(h.sim, { latencyMs: [400, 700] });
    expect((await admin.post(PATH, { postSap: rows.map((r) => entry(r)) })).status).toBe(200);
    await waitFor(
      async () =>
        (
          await storedRows(
            h,
            'vas',
            rows.map((r) => r.id),
          )
        ).some((r) => r.status === 'posting'),
      'rows in flight',
      30_000,
    );
    await h.stop({ graceful: false });
    await h.start();
    admin = await h.signInAsAdmin();
    await waitSettled(rows, 90_000);
    await expectVasPostedOnce(rows);
  }, 120_000);
});

describe('a job delivered again while a worker holds its row', () => {
  /** A claimed, queued row with its inputs stored, but no job (the test delivers it by hand). */
  async function queuedRow(): Promise<VasRow> {
    const [row] = await vasRows(1);
    const attemptId = await h.database.db.transaction(async (tx) =>
      h.app.services.postingRepository.claim(
        step,
        {
          id: row!.id,
          postingDate: today,
          userId: null,
          queued: true,
          extra: {
            revenueAccountId: revenue,
            costAccountId: cost,
            collectedQuantity: '2',
            pickupOrderNo: row!.order,
            totalAmount: row!.selling.toFixed(2),
            profitMargin: (row!.selling - row!.buying).toFixed(2),
          },
        },
        tx as never,
      ),
    );
    expect(attemptId).not.toBeNull();
    return row!;
  }
  const job = (recordId: number, retryCount: number) =>
    ({
      id: `test-${recordId}-${retryCount}`,
      name: VAS_POSTING_QUEUE,
      data: { recordId },
      retryCount,
      retryLimit: 6,
    }) as unknown as PgBoss.JobWithMetadata<VasPostingJob>;
  const repository = () => h.app.services.postingRepository;

  it('waits while the holder is alive, takes over once its lease is stale, and fences the old holder out', async () => {
    const row = await queuedRow();
    // Worker A takes the row and (as it will turn out) gets its document into SAP, then goes silent.
    const held = await repository().takeQueued(step, row.id, new Date(Date.now() - 60_000));
    expect(held).toMatchObject({ previous: 'queued' });
    const attemptA = (held as { attemptId: number }).attemptId;

    // B gets the job meanwhile: A's lease is live, so B leaves the row alone and asks to be retried.
    await expect(handleVasPosting(h.app.services.vasWorker, job(row.id, 1))).rejects.toBeInstanceOf(
      VasRetryLater,
    );
    // On its last try B gives up quietly; the row stays A's.
    await handleVasPosting(h.app.services.vasWorker, job(row.id, 6));
    expect(await storedRow(h, 'vas', row.id)).toMatchObject({ status: 'posting' });
    await expectNotInSap(h.sim, [keyOf('VAS', row.id)]);

    const stored = await storedRow(h, 'vas', row.id);
    const document = await (h.app.services.vasWorker.rules as KindRules<any, unknown, unknown>).document(
      stored,
      { id: row.id, postingDate: today, postingDay: today, input: {} } as never,
      keyOf('VAS', row.id),
    );
    const created = await sapGatewayFor(h.app.services.sap).create(document);
    await h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptA));

    // A's lease is stale: B takes over, looks the key up first and finds A's document.
    await handleVasPosting(h.app.services.vasWorker, job(row.id, 2));
    expect(await storedRow(h, 'vas', row.id)).toMatchObject({
      status: 'posted',
      sapDocEntry: created.docEntry,
    });
    expect((await attemptsOf(h, 'VAS', row.id)).map((a) => a.outcome)).toEqual(['unknown', 'found']);

    // A wakes up with an unknown outcome: it can neither requeue nor fail the row any more.
    expect(await repository().requeue(step, row.id, attemptA, 'late')).toBe(false);
    expect(
      await repository().markFailed(step, row.id, attemptA, { outcome: 'unknown', message: 'late' }),
    ).toBe(false);
    expect(await storedRow(h, 'vas', row.id)).toMatchObject({ status: 'posted', lastError: null });
    await expectVasPostedOnce([row]);
    // A duplicate delivery of a posted row does nothing.
    await handleVasPosting(h.app.services.vasWorker, job(row.id, 3));
    await expectVasPostedOnce([row]);
  });
});

describe('a VAS row stranded without a live job', () => {
  it('is resolved by the sweeper; a row whose job is still waiting is left to the queue', async () => {
    const [stranded, waiting] = await vasRows(2);
    const { db } = h.database;
    // Both claimed long ago; only `waiting` still has a job (scheduled an hour from now).
    await db
      .update(vasTransactions)
      .set({ status: 'queued', postingDate: today })
      .where(inArray(vasTransactions.id, [stranded!.id, waiting!.id]));
    const old = new Date(Date.now() - 3_600_000);
    for (const row of [stranded!, waiting!]) {
      await db
        .insert(postingAttempts)
        .values({ kind: 'VAS', recordId: row.id, idempotencyKey: keyOf('VAS', row.id), startedAt: old });
    }
    await h.queue!.send(VAS_POSTING_QUEUE, { recordId: waiting!.id }, { startAfter: 3_600 });

    // (The app's own sweeper may get there first; either way the outcome is the same.)
    const result = await h.app.services.sweeper.sweep();
    expect([...result.posted, ...result.failed, ...result.skipped]).not.toContain(keyOf('VAS', waiting!.id));
    await expectNotInSap(h.sim, [keyOf('VAS', stranded!.id)]);
    expect(await storedRow(h, 'vas', stranded!.id)).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_MESSAGE,
    });
    expect(await storedRow(h, 'vas', waiting!.id)).toMatchObject({ status: 'queued' });
    expect((await listedIds()).includes(stranded!.id)).toBe(true);
  });
});
