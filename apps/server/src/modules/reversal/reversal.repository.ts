import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { kindOfCode } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { ofPosting } from '../../db/posting-log.js';
import { postingReversals } from '../../db/schema.js';
import { assignments, POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';
import type { SapDocumentRef } from '../../erp/sap-gateway.js';
import { createPostingLookups, type Posting } from './reversal-postings.repository.js';

export type Reversal = typeof postingReversals.$inferSelect;

/** A step's columns after its document was cancelled: unposted, SAP's keys cleared, the next generation. */
function afterReversal(step: PostingStep) {
  const c = step.columns;
  return assignments(step, [
    [c.status, 'unposted'],
    [c.sapDocEntry, null],
    [c.sapDocNum, null],
    [c.postedAt, null],
    [c.postedById, null],
    [c.lastError, null],
    [c.generation, sql`${c.generation} + 1`],
  ]);
}

/**
 * Moves a reversal's record step on (`to` its new columns), fenced: only while it is at `status` in the
 * reversal's generation. Answers whether it did.
 */
async function moveStep(
  tx: Db,
  reversal: Reversal,
  status: 'reversing' | 'posted',
  to: (step: PostingStep) => Record<string, unknown>,
): Promise<boolean> {
  const step = POSTING_STEPS[kindOfCode(reversal.kind)!] as PostingStep;
  const c = step.columns;
  const moved = await tx
    .update(step.table)
    .set({ ...to(step), updatedAt: new Date() })
    .where(
      and(eq(step.table.id, reversal.recordId), eq(c.status, status), eq(c.generation, reversal.generation)),
    )
    .returning({ id: step.table.id });
  return moved.length > 0;
}

/** SQL of reversals: postings by id, the record step's state, the reversal rows and their fences. */
export function createReversalRepository(db: Db) {
  /** Reversals that meet `conditions`, by id from after `afterId`, a page at a time. */
  const pageAfter = (conditions: SQL[], afterId: number, limit: number): Promise<Reversal[]> =>
    db
      .select()
      .from(postingReversals)
      .where(and(...conditions, sql`${postingReversals.id} > ${afterId}`))
      .orderBy(postingReversals.id)
      .limit(limit);

  const repository = {
    // The posting and its record step (reversal-postings.repository.ts).
    ...createPostingLookups(db),

    /** The reversals of a posting, oldest first. */
    reversalsOf(kind: string, recordId: number, generation: number, tx: Db = db): Promise<Reversal[]> {
      return tx
        .select()
        .from(postingReversals)
        .where(ofPosting(postingReversals, { kind: kind as Reversal['kind'], recordId, generation }))
        .orderBy(postingReversals.id);
    },

    async reversal(id: number): Promise<Reversal | null> {
      const [row] = await db.select().from(postingReversals).where(eq(postingReversals.id, id));
      return row ?? null;
    },

    /** Opens a pending reversal and moves the step to `reversing`, in the caller's transaction (row locked). */
    async open(
      posting: Posting,
      values: { ref: SapDocumentRef; reason: string; userId: number | null },
      tx: Db,
    ): Promise<Reversal> {
      const [row] = await tx
        .insert(postingReversals)
        .values({
          kind: posting.step.kind,
          recordId: posting.recordId,
          postingId: posting.id,
          generation: posting.generation,
          idempotencyKey: posting.idempotencyKey,
          sapDocEntry: values.ref.docEntry,
          sapDocNum: values.ref.docNum,
          reason: values.reason,
          requestedById: values.userId,
        })
        .returning();
      await tx
        .update(posting.step.table)
        .set({
          ...assignments(posting.step, [[posting.step.columns.status, 'reversing']]),
          updatedAt: new Date(),
        })
        .where(eq(posting.step.table.id, posting.recordId));
      return row!;
    },

    /** Renews the lease of a pending reversal; `sent` also stamps when the Cancel left. */
    async renew(reversalId: number, sent = false): Promise<void> {
      const now = new Date();
      await db
        .update(postingReversals)
        .set({ startedAt: now, ...(sent ? { sentAt: now } : {}) })
        .where(and(eq(postingReversals.id, reversalId), eq(postingReversals.outcome, 'pending')));
    },

    /**
     * Closes a pending reversal (fenced: only while still pending and, with `staleBefore`, not renewed since)
     * and puts its record step where the outcome says, in the caller's transaction. Answers whether it did.
     */
    async close(
      reversal: Reversal,
      outcome:
        { outcome: 'reversed'; cancel: SapDocumentRef } | { outcome: 'failed' | 'unknown'; message: string },
      tx: Db,
      staleBefore?: Date,
    ): Promise<boolean> {
      const conditions = [eq(postingReversals.id, reversal.id), eq(postingReversals.outcome, 'pending')];
      if (staleBefore) conditions.push(lt(postingReversals.startedAt, staleBefore));
      const closed = await tx
        .update(postingReversals)
        .set(
          outcome.outcome === 'reversed'
            ? {
                outcome: 'reversed',
                cancelDocEntry: outcome.cancel.docEntry,
                cancelDocNum: outcome.cancel.docNum,
                finishedAt: new Date(),
              }
            : { outcome: outcome.outcome, errorMessage: outcome.message, finishedAt: new Date() },
        )
        .where(and(...conditions))
        .returning({ id: postingReversals.id });
      if (!closed.length) return false;
      await moveStep(tx, reversal, 'reversing', (step) =>
        outcome.outcome === 'reversed'
          ? afterReversal(step)
          : assignments(step, [[step.columns.status, 'posted']]),
      );
      return true;
    },

    /**
     * An `unknown` reversal whose cancellation SAP turned out to hold (a later look-up found it): the reversal
     * becomes `reversed` and its record step, still `posted` at that generation, moves on as after a reversal.
     * Answers whether it did (nothing changes when the record moved on meanwhile).
     */
    async settleUnknownAsReversed(reversal: Reversal, cancel: SapDocumentRef): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (!(await moveStep(tx, reversal, 'posted', afterReversal))) return false;
        await tx
          .update(postingReversals)
          .set({
            outcome: 'reversed',
            cancelDocEntry: cancel.docEntry,
            cancelDocNum: cancel.docNum,
            finishedAt: new Date(),
          })
          .where(and(eq(postingReversals.id, reversal.id), eq(postingReversals.outcome, 'unknown')));
        return true;
      });
    },

    /** `unknown` reversals finished after `since` (to look for their cancellation again), a page at a time. */
    unconfirmedSince(since: Date, afterId: number, limit: number): Promise<Reversal[]> {
      return pageAfter(
        [eq(postingReversals.outcome, 'unknown'), gt(postingReversals.finishedAt, since)],
        afterId,
        limit,
      );
    },

    /** Pending reversals whose lease is older than `before` (left by a process that died), a page at a time. */
    stalePending(before: Date, afterId: number, limit: number): Promise<Reversal[]> {
      return pageAfter(
        [eq(postingReversals.outcome, 'pending'), lt(postingReversals.startedAt, before)],
        afterId,
        limit,
      );
    },
  };
  return repository;
}

export type ReversalRepository = ReturnType<typeof createReversalRepository>;
