import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postingAttempts } from '../../db/schema.js';
import type { SapDocumentRef } from './sap-gateway.js';
import {
  assignments,
  idempotencyKey,
  stateColumns,
  updateToPosted,
  type PostingStep,
  type StepRow,
  type StepState,
} from './posting-steps.js';
import { createSweeperQueries } from './posting-sweeper.repository.js';

const CLAIMABLE = ['unposted', 'failed'] as const;
/** States in which a poster (a request or the queue's worker) owns the row. */
const IN_FLIGHT = ['posting', 'queued'] as const;

/** Outcomes of an earlier attempt after which the document may exist in SAP: look the key up first. */
const UNCERTAIN = ['pending', 'unknown', 'posted', 'found'] as const;

/**
 * SQL only: the state changes of the exactly-once protocol, one step (table + columns) at a time.
 *
 * Each claim opens a `posting_attempts` row whose `started_at` is the poster's lease: the poster renews it
 * while it works, so a row whose lease is old was left by a process that died (the sweeper resolves it by a
 * look-up in SAP). Closing an attempt is fenced on the attempt: a poster whose attempt was closed by someone
 * else (the sweeper, a worker that took a dead worker's job over) can no longer mark the row failed or queued.
 */
export function createPostingRepository(db: Db) {
  /** True when an attempt of this record before `attemptId` may have created the document in SAP. */
  async function hadUncertainAttempt(
    step: PostingStep,
    recordId: number,
    attemptId: number,
  ): Promise<boolean> {
    const [earlier] = await db
      .select({ id: postingAttempts.id })
      .from(postingAttempts)
      .where(
        and(
          eq(postingAttempts.kind, step.kind),
          eq(postingAttempts.recordId, recordId),
          lt(postingAttempts.id, attemptId),
          inArray(postingAttempts.outcome, [...UNCERTAIN]),
        ),
      )
      .limit(1);
    return earlier !== undefined;
  }

  const repository = {
    // What only the sweeper asks (posting-sweeper.repository.ts).
    ...createSweeperQueries(db),

    /** Locks the requested rows for this transaction (in id order), so two posters of the same rows run one after the other. */
    async lockRows<S extends PostingStep>(step: S, ids: number[], tx: Db): Promise<Locked<S>[]> {
      if (!ids.length) return [];
      // The status of the step this one requires (the first journal's, for the second), when it has one.
      const requiredStatus = step.requiresPosted
        ? sql<string | null>`${step.requiresPosted}`
        : sql<null>`NULL`;
      return (await tx
        .select({ row: getTableColumns(step.table), state: stateColumns(step), requiredStatus })
        .from(step.table)
        .where(inArray(step.table.id, ids))
        .orderBy(step.table.id)
        .for('update')) as Locked<S>[];
    },

    /**
     * Moves rows to `posting` (or `queued`) with the users' inputs and opens one attempt each, in the caller's
     * transaction (the rows are locked by `lockRows`). Rows sharing a posting date and inputs move in one
     * statement. Answers, per claimed record id, its attempt and whether SAP must be asked for the key before
     * posting (an earlier attempt may have created the document); a row no longer claimable is left out.
     */
    async claimMany(
      step: PostingStep,
      inputs: { id: number; postingDate: string; extra?: Record<string, unknown> }[],
      options: { userId: number | null; queued: boolean },
      tx: Db,
    ): Promise<Map<number, { attemptId: number; lookUpFirst: boolean }>> {
      const claimedIds: number[] = [];
      const groups = new Map<
        string,
        { postingDate: string; extra: Record<string, unknown>; ids: number[] }
      >();
      for (const input of inputs) {
        const extra = input.extra ?? {};
        const key = JSON.stringify([input.postingDate, extra]);
        const group = groups.get(key) ?? { postingDate: input.postingDate, extra, ids: [] };
        group.ids.push(input.id);
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        const conditions = [inArray(step.table.id, group.ids), inArray(step.columns.status, [...CLAIMABLE])];
        if (step.requiresPosted) conditions.push(eq(step.requiresPosted, 'posted'));
        const updated = await tx
          .update(step.table)
          .set({
            ...assignments(step, [
              [step.columns.status, options.queued ? 'queued' : 'posting'],
              [step.columns.postingDate, group.postingDate],
              [step.columns.postedById, options.userId],
            ]),
            updatedAt: new Date(),
            ...group.extra,
          })
          .where(and(...conditions))
          .returning({ id: step.table.id });
        for (const row of updated) claimedIds.push(row.id as number);
      }
      const claimed = new Map<number, { attemptId: number; lookUpFirst: boolean }>();
      if (!claimedIds.length) return claimed;
      // Earlier attempts first: every attempt that exists now is earlier than the ones opened below.
      const uncertain = await tx
        .selectDistinct({ recordId: postingAttempts.recordId })
        .from(postingAttempts)
        .where(
          and(
            eq(postingAttempts.kind, step.kind),
            inArray(postingAttempts.recordId, claimedIds),
            inArray(postingAttempts.outcome, [...UNCERTAIN]),
          ),
        );
      const lookUp = new Set(uncertain.map((r) => r.recordId));
      const attempts = await tx
        .insert(postingAttempts)
        .values(
          claimedIds.map((id) => ({
            kind: step.kind,
            recordId: id,
            idempotencyKey: idempotencyKey(step, id),
            requestedById: options.userId,
          })),
        )
        .returning({ id: postingAttempts.id, recordId: postingAttempts.recordId });
      for (const attempt of attempts)
        claimed.set(attempt.recordId, { attemptId: attempt.id, lookUpFirst: lookUp.has(attempt.recordId) });
      return claimed;
    },

    /**
     * The poster is about to talk to SAP for this attempt: renews its lease, and answers whether SAP must
     * be asked for the key first (an earlier attempt of the record may have created the document). Answers
     * null when the attempt is no longer open (someone else resolved the row): then nothing may be posted.
     */
    async begin(
      step: PostingStep,
      recordId: number,
      attemptId: number,
      known?: { lookUpFirst: boolean },
    ): Promise<{ lookUpFirst: boolean } | null> {
      const renewed = await db
        .update(postingAttempts)
        .set({ startedAt: new Date() })
        .where(and(eq(postingAttempts.id, attemptId), eq(postingAttempts.outcome, 'pending')))
        .returning({ id: postingAttempts.id });
      if (!renewed.length) return null;
      return {
        lookUpFirst: known ? known.lookUpFirst : await hadUncertainAttempt(step, recordId, attemptId),
      };
    },

    hadUncertainAttempt,

    /** Renews the leases of these attempts (those still open), while their poster works on them. */
    async renewLeases(attemptIds: number[]): Promise<void> {
      if (!attemptIds.length) return;
      await db
        .update(postingAttempts)
        .set({ startedAt: new Date() })
        .where(and(inArray(postingAttempts.id, attemptIds), eq(postingAttempts.outcome, 'pending')));
    },

    /**
     * SAP holds the document: the row is posted whatever state it is in (the document exists, so nothing may
     * ever post it again), and every open attempt of the record is closed with SAP's keys.
     */
    async markPosted(step: PostingStep, recordId: number, ref: SapDocumentRef, how: 'posted' | 'found') {
      // One statement (one round trip, atomic): close the record's open attempts with SAP's keys, mark it posted.
      const now = new Date().toISOString();
      await db.execute(sql`
        WITH closed AS (
          UPDATE posting_attempts
             SET outcome = ${how}, sap_doc_entry = ${ref.docEntry}, sap_doc_num = ${ref.docNum}, finished_at = ${now}::timestamptz
           WHERE kind = ${step.kind} AND record_id = ${recordId} AND outcome = 'pending'
        )
        ${updateToPosted(step, ref, now)}
         WHERE id = ${recordId}`);
    },

    /**
     * The row goes back to the list as failed with the reason. Only the owner of the open attempt may do
     * this: answers false (and changes nothing) when the attempt was closed meanwhile, or (with `staleBefore`,
     * the sweeper) when its poster renewed the lease after all. A posted row is never turned back.
     */
    async markFailed(
      step: PostingStep,
      recordId: number,
      attemptId: number,
      failure: { outcome: 'failed' | 'unknown'; message: string; code?: string | undefined },
      options: { staleBefore?: Date } = {},
    ): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const closed = await closeAttempt(
          tx,
          attemptId,
          { outcome: failure.outcome, errorCode: failure.code ?? null, errorMessage: failure.message },
          options.staleBefore,
        );
        if (!closed) return false;
        await tx
          .update(step.table)
          .set({
            ...assignments(step, [
              [step.columns.status, 'failed'],
              [step.columns.lastError, failure.message],
            ]),
            updatedAt: new Date(),
          })
          .where(and(eq(step.table.id, recordId), inArray(step.columns.status, [...IN_FLIGHT])));
        return true;
      });
    },

    /** Opens a fresh attempt for a row the sweeper found in flight without one (so it can be fenced). */
    async openAttempt(step: PostingStep, recordId: number, startedAt: Date): Promise<number> {
      const [attempt] = await db
        .insert(postingAttempts)
        .values({ kind: step.kind, recordId, idempotencyKey: idempotencyKey(step, recordId), startedAt })
        .returning({ id: postingAttempts.id });
      return attempt!.id;
    },

    /** A row of the step's table with the step's state. */
    async loadRow<S extends PostingStep>(
      step: S,
      id: number,
    ): Promise<{ row: StepRow<S>; state: StepState } | undefined> {
      const [found] = await db
        .select({ row: getTableColumns(step.table), state: stateColumns(step) })
        .from(step.table)
        .where(eq(step.table.id, id))
        .limit(1);
      return found as { row: StepRow<S>; state: StepState } | undefined;
    },

    /**
     * The worker takes a queued row: it moves to `posting` under an open attempt whose lease is renewed.
     * - `queued`: the attempt the claim (or nothing, after a requeue) opened is taken;
     * - `posting` with a live lease: another worker is on it right now (`busy`; try later);
     * - `posting` with a stale lease: its worker died; its attempt is closed as unknown and a new one opened;
     * - anything else (posted, failed): not the worker's to post (null).
     */
    async takeQueued(
      step: PostingStep,
      id: number,
      staleBefore: Date,
    ): Promise<{ previous: 'queued' | 'posting'; attemptId: number } | 'busy' | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx
          .select({ status: stateColumns(step).status })
          .from(step.table)
          .where(eq(step.table.id, id))
          .for('update');
        const status = row?.status;
        if (status !== 'queued' && status !== 'posting') return null;
        const [open] = await tx
          .select({ id: postingAttempts.id, startedAt: postingAttempts.startedAt })
          .from(postingAttempts)
          .where(
            and(
              eq(postingAttempts.kind, step.kind),
              eq(postingAttempts.recordId, id),
              eq(postingAttempts.outcome, 'pending'),
            ),
          )
          .orderBy(desc(postingAttempts.id))
          .limit(1);
        if (status === 'posting' && open && open.startedAt >= staleBefore) return 'busy';
        let attemptId: number;
        if (open && status === 'queued') {
          attemptId = open.id;
          await tx
            .update(postingAttempts)
            .set({ startedAt: new Date() })
            .where(eq(postingAttempts.id, open.id));
        } else {
          if (open) {
            await closeAttempt(tx, open.id, {
              outcome: 'unknown',
              errorMessage: 'The worker posting it stopped before SAP answered; taken over by another.',
            });
          }
          const [attempt] = await tx
            .insert(postingAttempts)
            .values({ kind: step.kind, recordId: id, idempotencyKey: idempotencyKey(step, id) })
            .returning({ id: postingAttempts.id });
          attemptId = attempt!.id;
        }
        await tx
          .update(step.table)
          .set({ ...assignments(step, [[step.columns.status, 'posting']]), updatedAt: new Date() })
          .where(eq(step.table.id, id));
        return { previous: status, attemptId };
      });
    },

    /** Outcome still unknown: back to `queued` for the queue's next retry, the attempt closed as unknown (fenced). */
    async requeue(step: PostingStep, id: number, attemptId: number, message: string): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        if (!(await closeAttempt(tx, attemptId, { outcome: 'unknown', errorMessage: message }))) return false;
        await tx
          .update(step.table)
          .set({
            ...assignments(step, [
              [step.columns.status, 'queued'],
              [step.columns.lastError, message],
            ]),
            updatedAt: new Date(),
          })
          .where(and(eq(step.table.id, id), eq(step.columns.status, 'posting')));
        return true;
      });
    },

    attemptsOf: (step: PostingStep, recordId: number) =>
      db
        .select()
        .from(postingAttempts)
        .where(and(eq(postingAttempts.kind, step.kind), eq(postingAttempts.recordId, recordId)))
        .orderBy(postingAttempts.id),

    staleAttemptsBefore: (before: Date) =>
      db
        .select()
        .from(postingAttempts)
        .where(and(eq(postingAttempts.outcome, 'pending'), lt(postingAttempts.startedAt, before))),

    /** `claimMany` for one row: its attempt's id, or null when the row is no longer claimable. */
    async claim(
      step: PostingStep,
      input: {
        id: number;
        postingDate: string;
        userId: number | null;
        extra?: Record<string, unknown>;
        queued?: boolean;
      },
      tx: Db,
    ): Promise<number | null> {
      const opened = await repository.claimMany(
        step,
        [input],
        { userId: input.userId, queued: input.queued ?? false },
        tx,
      );
      return opened.get(input.id)?.attemptId ?? null;
    },
  };
  return repository;
}

/** A row locked for claiming, with its step's state and the status of the step it requires. */
type Locked<S extends PostingStep> = { row: StepRow<S>; state: StepState; requiredStatus: string | null };

/** Closes one attempt if it is still open (and, with `staleBefore`, still not renewed); answers whether it did. */
async function closeAttempt(
  tx: Db,
  attemptId: number,
  values: Partial<typeof postingAttempts.$inferInsert>,
  staleBefore?: Date,
): Promise<boolean> {
  const conditions = [eq(postingAttempts.id, attemptId), eq(postingAttempts.outcome, 'pending')];
  if (staleBefore) conditions.push(lt(postingAttempts.startedAt, staleBefore));
  const closed = await tx
    .update(postingAttempts)
    .set({ ...values, finishedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: postingAttempts.id });
  return closed.length > 0;
}

export type PostingRepository = ReturnType<typeof createPostingRepository>;
