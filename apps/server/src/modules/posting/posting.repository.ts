import { and, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ofPosting } from '../../db/posting-log.js';
import { postingAttempts } from '../../db/schema.js';
import type { Sending } from './exactly-once.js';
import type { SapDocumentRef } from '../../erp/sap-gateway.js';
import { closeAttempt } from './posting-attempts.js';
import { createClaimQueries } from './posting-claims.repository.js';
import { createQueueQueries } from './posting-queue.repository.js';
import {
  assignments,
  stateColumns,
  updateToPosted,
  type PostingStep,
  type StepRow,
  type StepState,
} from './posting-steps.js';
import { createSweeperQueries } from './posting-sweeper.repository.js';

/** States in which a poster (a request or the queue's worker) owns the row. */
const IN_FLIGHT = ['posting', 'queued'] as const;

/**
 * SQL only: the state changes of the exactly-once protocol, one step (table + columns) at a time.
 *
 * Each claim opens a `posting_attempts` row whose `started_at` is the poster's lease: the poster renews it
 * while it works, so a row whose lease is old was left by a process that died (the sweeper resolves it by a
 * look-up in SAP). Closing an attempt is fenced on the attempt: a poster whose attempt was closed by someone
 * else (the sweeper, a worker that took a dead worker's job over) can no longer mark the row failed or queued.
 */
export function createPostingRepository(db: Db) {
  const repository = {
    // Claiming and holding rows (posting-claims.repository.ts).
    ...createClaimQueries(db),
    // What only the queue's worker asks (posting-queue.repository.ts).
    ...createQueueQueries(db),
    // What only the sweeper asks (posting-sweeper.repository.ts).
    ...createSweeperQueries(db),

    /**
     * SAP holds the document: the row is posted whatever state it is in (the document exists, so nothing may
     * ever post it again), and every open attempt of the record is closed with SAP's keys and, for an invoice
     * with VAT, SAP's VAT and gross (`ref.totals`; null when SAP did not answer them).
     */
    async markPosted(
      step: PostingStep,
      recordId: number,
      ref: SapDocumentRef,
      how: 'posted' | 'found',
      sending?: Sending,
    ) {
      // One statement (one round trip, atomic): close the record's open attempts with SAP's keys, mark it posted.
      const now = new Date().toISOString();
      await db.execute(sql`
        WITH closed AS (
          UPDATE posting_attempts
             SET outcome = ${how}, sap_doc_entry = ${ref.docEntry}, sap_doc_num = ${ref.docNum}, finished_at = ${now}::timestamptz,
                 vat_amount = ${ref.totals?.vat ?? null}::numeric, gross_amount = ${ref.totals?.gross ?? null}::numeric,
                 sent_at = coalesce(${sending?.at.toISOString() ?? null}::timestamptz, sent_at),
                 document = coalesce(${sending ? JSON.stringify(sending.document) : null}::jsonb, document)
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
      options: { staleBefore?: Date; sending?: Sending | undefined } = {},
    ): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const sent = options.sending
          ? { sentAt: options.sending.at, document: options.sending.document }
          : {};
        const closed = await closeAttempt(
          tx,
          attemptId,
          {
            outcome: failure.outcome,
            errorCode: failure.code ?? null,
            errorMessage: failure.message,
            ...sent,
          },
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
    async openAttempt(
      step: PostingStep,
      recordId: number,
      startedAt: Date,
      generation: number,
      key: string,
    ): Promise<number> {
      const [attempt] = await db
        .insert(postingAttempts)
        .values({
          kind: step.kind,
          recordId,
          generation,
          idempotencyKey: key,
          startedAt,
          claimedAt: startedAt,
        })
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
     * The posting history's id of one posting of a record (posting-link.ts): its generation's first attempt;
     * null when that generation has none.
     */
    async postingIdOf(step: PostingStep, recordId: number, generation: number): Promise<number | null> {
      const [found] = await db
        .select({ id: postingAttempts.id })
        .from(postingAttempts)
        .where(ofPosting(postingAttempts, { kind: step.kind, recordId, generation }))
        .orderBy(postingAttempts.id)
        .limit(1);
      return found?.id ?? null;
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
  };
  return repository;
}

export type PostingRepository = ReturnType<typeof createPostingRepository>;
