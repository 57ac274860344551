import { and, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { kindOfCode, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { postingAttempts, postingReversals } from '../../db/schema.js';
import { assignments, POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';
import type { SapDocumentRef } from '../posting/sap-gateway.js';

/** One posting: one generation of one record step (its id is the smallest attempt id of that generation). */
export type Posting = {
  id: number;
  step: PostingStep;
  recordId: number;
  generation: number;
  idempotencyKey: string;
};

/** The record step a reversal works on, as locked or read. */
export type StepNow = {
  status: string;
  generation: number;
  sapDocEntry: number | null;
  sapDocNum: number | null;
  tripNumber: string | null;
  /** Status of each step that requires this one (the second journal of a first journal), by kind name. */
  dependents: { name: RecordKindName; status: string }[];
};

export type Reversal = typeof postingReversals.$inferSelect;

const col = (c: PgColumn) => sql`${c}`;

/** The steps that must be posted after this one (the second journal requires the first): same table. */
export const dependentSteps = (step: PostingStep): PostingStep[] =>
  Object.values(POSTING_STEPS).filter(
    (s) => (RECORD_KINDS_PLAIN[s.name] as { requires?: string }).requires === step.name,
  );

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

/** SQL of reversals: postings by id, the record step's state, the reversal rows and their fences. */
export function createReversalRepository(db: Db) {
  async function stepNow(step: PostingStep, recordId: number, tx: Db, lock: boolean) {
    const dependents = dependentSteps(step);
    const trip = (step.table as unknown as { tripNumber: PgColumn }).tripNumber;
    const query = tx
      .select({
        status: col(step.columns.status),
        generation: col(step.columns.generation),
        sapDocEntry: col(step.columns.sapDocEntry),
        sapDocNum: col(step.columns.sapDocNum),
        tripNumber: col(trip),
        ...Object.fromEntries(dependents.map((d) => [`dep_${d.name}`, col(d.columns.status)])),
      })
      .from(step.table)
      .where(eq(step.table.id, recordId));
    const [row] = (await (lock ? query.for('update') : query)) as Record<string, unknown>[];
    if (!row) return null;
    return {
      status: row.status as string,
      generation: Number(row.generation),
      sapDocEntry: (row.sapDocEntry as number | null) ?? null,
      sapDocNum: (row.sapDocNum as number | null) ?? null,
      tripNumber: (row.tripNumber as string | null) ?? null,
      dependents: dependents.map((d) => ({ name: d.name, status: row[`dep_${d.name}`] as string })),
    } satisfies StepNow;
  }

  const repository = {
    /** The posting with this id, or null when no posting has it (an attempt id that is not a generation's first). */
    async posting(id: number): Promise<Posting | null> {
      const [attempt] = await db
        .select({
          kind: postingAttempts.kind,
          recordId: postingAttempts.recordId,
          generation: postingAttempts.generation,
          idempotencyKey: postingAttempts.idempotencyKey,
        })
        .from(postingAttempts)
        .where(eq(postingAttempts.id, id));
      const name = attempt && kindOfCode(attempt.kind);
      if (!attempt || !name) return null;
      const [first] = await db
        .select({ id: min(postingAttempts.id) })
        .from(postingAttempts)
        .where(
          and(
            eq(postingAttempts.kind, attempt.kind),
            eq(postingAttempts.recordId, attempt.recordId),
            eq(postingAttempts.generation, attempt.generation),
          ),
        );
      if (Number(first?.id) !== id) return null;
      return { id, step: POSTING_STEPS[name], ...attempt };
    },

    /** The record step now; `lock` holds it FOR UPDATE in the caller's transaction. */
    stepNow: (step: PostingStep, recordId: number, tx: Db = db, lock = false) =>
      stepNow(step, recordId, tx, lock),

    /** SAP's keys of the posting, as its attempts recorded them (posted or found). */
    async postedRef(posting: Posting): Promise<SapDocumentRef | null> {
      const [row] = await db
        .select({ docEntry: postingAttempts.sapDocEntry, docNum: postingAttempts.sapDocNum })
        .from(postingAttempts)
        .where(
          and(
            eq(postingAttempts.kind, posting.step.kind),
            eq(postingAttempts.recordId, posting.recordId),
            eq(postingAttempts.generation, posting.generation),
            inArray(postingAttempts.outcome, ['posted', 'found']),
          ),
        )
        .orderBy(sql`${postingAttempts.id} desc`)
        .limit(1);
      return row?.docEntry ? row : null;
    },

    /** The reversals of a posting, oldest first. */
    reversalsOf(kind: string, recordId: number, generation: number, tx: Db = db): Promise<Reversal[]> {
      return tx
        .select()
        .from(postingReversals)
        .where(
          and(
            eq(postingReversals.kind, kind as Reversal['kind']),
            eq(postingReversals.recordId, recordId),
            eq(postingReversals.generation, generation),
          ),
        )
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
      const name = kindOfCode(reversal.kind)!;
      const step = POSTING_STEPS[name] as PostingStep;
      const c = step.columns;
      await tx
        .update(step.table)
        .set({
          ...(outcome.outcome === 'reversed'
            ? afterReversal(step)
            : assignments(step, [[c.status, 'posted']])),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(step.table.id, reversal.recordId),
            eq(c.status, 'reversing'),
            eq(c.generation, reversal.generation),
          ),
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
        const name = kindOfCode(reversal.kind)!;
        const step = POSTING_STEPS[name] as PostingStep;
        const c = step.columns;
        const moved = await tx
          .update(step.table)
          .set({
            ...afterReversal(step),
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(step.table.id, reversal.recordId),
              eq(c.status, 'posted'),
              eq(c.generation, reversal.generation),
            ),
          )
          .returning({ id: step.table.id });
        if (!moved.length) return false;
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
      return db
        .select()
        .from(postingReversals)
        .where(
          and(
            eq(postingReversals.outcome, 'unknown'),
            gt(postingReversals.finishedAt, since),
            sql`${postingReversals.id} > ${afterId}`,
          ),
        )
        .orderBy(postingReversals.id)
        .limit(limit);
    },

    /** Pending reversals whose lease is older than `before` (left by a process that died), a page at a time. */
    stalePending(before: Date, afterId: number, limit: number): Promise<Reversal[]> {
      return db
        .select()
        .from(postingReversals)
        .where(
          and(
            eq(postingReversals.outcome, 'pending'),
            lt(postingReversals.startedAt, before),
            sql`${postingReversals.id} > ${afterId}`,
          ),
        )
        .orderBy(postingReversals.id)
        .limit(limit);
    },
  };
  return repository;
}

export type ReversalRepository = ReturnType<typeof createReversalRepository>;
