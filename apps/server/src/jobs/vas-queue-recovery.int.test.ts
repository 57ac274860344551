import { eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { postingAttempts } from '../db/schema.js';
import { vasTransactions } from '../modules/records/kinds/vas-transaction/index.js';
import { INTERRUPTED_MESSAGE } from '../modules/posting/posting-sweeper.js';
import { POSTING_STEPS } from '../modules/posting/posting-steps.js';
import type { KindRules } from '../modules/records/kinds/shared/kind-rules.js';
import { sapGatewayFor } from '../erp/sap-gateway-adapter.js';
import { attemptsOf, expectNotInSap, keyOf, nairobiDay, storedRow } from '../test/posting-harness.js';
import { expectVasPostedOnce, listedIds, useVasQueue, vasRows, type VasRow } from '../test/vas-queue.js';
import { VAS_POSTING_QUEUE } from './queue.js';
import { handleVasPosting, VasRetryLater, type VasPostingJob } from './vas-posting.job.js';

/**
 * A VAS row whose job is delivered while a worker holds it, and a row left queued without a job: the queue's
 * leases, fencing and sweeper (the queue's ordinary runs: vas-queue.int.test.ts).
 */
const today = nairobiDay();
const step = POSTING_STEPS.vasTransaction;
const q = useVasQueue();

describe('a job delivered again while a worker holds its row', () => {
  /** A claimed, queued row with its inputs stored, but no job (the test delivers it by hand). */
  async function queuedRow(): Promise<VasRow> {
    const [row] = await vasRows(q, 1);
    const attemptId = await q.h.database.db.transaction(async (tx) =>
      q.h.app.services.postingRepository.claim(
        step,
        {
          id: row!.id,
          postingDate: today,
          userId: null,
          queued: true,
          extra: {
            revenueAccountId: q.revenue,
            costAccountId: q.cost,
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
  const repository = () => q.h.app.services.postingRepository;

  it('waits while the holder is alive, takes over once its lease is stale, and fences the old holder out', async () => {
    const row = await queuedRow();
    // Worker A takes the row and (as it will turn out) gets its document into SAP, then goes silent.
    const held = await repository().takeQueued(step, row.id, new Date(Date.now() - 60_000));
    expect(held).toMatchObject({ previous: 'queued' });
    const attemptA = (held as { attemptId: number }).attemptId;

    // B gets the job meanwhile: A's lease is live, so B leaves the row alone and asks to be retried.
    await expect(handleVasPosting(q.h.app.services.vasWorker, job(row.id, 1))).rejects.toBeInstanceOf(
      VasRetryLater,
    );
    // On its last try B gives up quietly; the row stays A's.
    await handleVasPosting(q.h.app.services.vasWorker, job(row.id, 6));
    expect(await storedRow(q.h, 'vas', row.id)).toMatchObject({ status: 'posting' });
    await expectNotInSap(q.h.sim, [keyOf('VAS', row.id)]);

    const stored = await storedRow(q.h, 'vas', row.id);
    const document = await (q.h.app.services.vasWorker.rules as KindRules<any, unknown, unknown>).document(
      stored,
      { id: row.id, postingDate: today, postingDay: today, input: {} } as never,
      keyOf('VAS', row.id),
    );
    const created = await sapGatewayFor(q.h.app.services.sap).create(document);
    await q.h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptA));

    // A's lease is stale: B takes over, looks the key up first and finds A's document.
    await handleVasPosting(q.h.app.services.vasWorker, job(row.id, 2));
    expect(await storedRow(q.h, 'vas', row.id)).toMatchObject({
      status: 'posted',
      sapDocEntry: created.docEntry,
    });
    expect((await attemptsOf(q.h, 'VAS', row.id)).map((a) => a.outcome)).toEqual(['unknown', 'found']);

    // A wakes up with an unknown outcome: it can neither requeue nor fail the row any more.
    expect(await repository().requeue(step, row.id, attemptA, 'late')).toBe(false);
    expect(
      await repository().markFailed(step, row.id, attemptA, { outcome: 'unknown', message: 'late' }),
    ).toBe(false);
    expect(await storedRow(q.h, 'vas', row.id)).toMatchObject({ status: 'posted', lastError: null });
    await expectVasPostedOnce(q, [row]);
    // A duplicate delivery of a posted row does nothing.
    await handleVasPosting(q.h.app.services.vasWorker, job(row.id, 3));
    await expectVasPostedOnce(q, [row]);
  });
});

describe('a VAS row stranded without a live job', () => {
  it('is resolved by the sweeper; a row whose job is still waiting is left to the queue', async () => {
    const [stranded, waiting] = await vasRows(q, 2);
    const { db } = q.h.database;
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
    await q.h.queue!.send(VAS_POSTING_QUEUE, { recordId: waiting!.id }, { startAfter: 3_600 });

    // (The app's own sweeper may get there first; either way the outcome is the same.)
    const result = await q.h.app.services.sweeper.sweep();
    expect([...result.posted, ...result.failed, ...result.skipped]).not.toContain(keyOf('VAS', waiting!.id));
    await expectNotInSap(q.h.sim, [keyOf('VAS', stranded!.id)]);
    expect(await storedRow(q.h, 'vas', stranded!.id)).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_MESSAGE,
    });
    expect(await storedRow(q.h, 'vas', waiting!.id)).toMatchObject({ status: 'queued' });
    expect((await listedIds(q)).includes(stranded!.id)).toBe(true);
  });
});
