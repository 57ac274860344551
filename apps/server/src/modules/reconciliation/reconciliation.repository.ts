import { desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ReconciliationDifference, ReconciliationSummary } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { postingAttempts, reconciliationRuns, users } from '../../db/schema.js';
import { POSTING_STEPS, updateToPosted } from '../posting/posting-steps.js';
import type { SapDocumentRef } from '../../erp/sap-gateway.js';
import type { DecodedKey } from './keys.js';
import { createKeyRecordQueries } from './key-records.repository.js';
import { createOurPostingQueries, type DayRange } from './reconciliation-postings.repository.js';

export type RunRow = typeof reconciliationRuns.$inferSelect & { startedBy: string | null };

const col = (c: PgColumn) => sql.identifier(c.name);

/**
 * SQL of a reconciliation: its runs, our postings over a range or by key, and adopting a SAP document.
 * `timeZone` (APP_TIMEZONE) tells a record's document day.
 */
export function createReconciliationRepository(db: Db, timeZone: string) {
  return {
    // Our postings and the record steps SAP's keys name (reconciliation-postings.repository.ts).
    ...createOurPostingQueries(db, timeZone),
    ...createKeyRecordQueries(db),

    /**
     * Marks an unposted or failed record step posted with SAP's document (fenced on its status and generation),
     * with a `found` attempt carrying the key, the day and the amount SAP holds. False when the record moved on.
     */
    async adopt(
      tx: Db,
      target: DecodedKey & {
        key: string;
        ref: SapDocumentRef;
        postingDate: string | null;
        amount: string | null;
      },
      userId: number,
    ): Promise<boolean> {
      const step = POSTING_STEPS[target.kind];
      const c = step.columns;
      const now = new Date();
      const result = await tx.execute(sql`${updateToPosted(step, target.ref, now.toISOString())},
             ${col(c.postingDate)} = coalesce(${target.postingDate}::date, ${col(c.postingDate)}),
             ${col(c.postedById)} = ${userId}
       WHERE id = ${target.recordId} AND ${col(c.status)} IN ('unposted', 'failed')
         AND ${col(c.generation)} = ${target.generation}
      RETURNING id`);
      if (!rowsOf(result).length) return false;
      await tx.insert(postingAttempts).values({
        kind: step.kind,
        recordId: target.recordId,
        idempotencyKey: target.key,
        generation: target.generation,
        outcome: 'found',
        sapDocEntry: target.ref.docEntry,
        sapDocNum: target.ref.docNum,
        requestedById: userId,
        startedAt: now,
        claimedAt: now,
        finishedAt: now,
        postingDate: target.postingDate,
        amount: target.amount,
      });
      return true;
    },

    // Runs ------------------------------------------------------------------------------------------------
    async insertRun(
      tx: Db,
      run: DayRange & { trigger: 'user' | 'nightly' | 'cli'; startedById: number | null },
    ): Promise<number> {
      const [row] = await tx.insert(reconciliationRuns).values(run).returning({ id: reconciliationRuns.id });
      return row!.id;
    },
    async markRunning(id: number): Promise<RunRow | undefined> {
      const [row] = await db
        .update(reconciliationRuns)
        .set({ status: 'running', startedAt: new Date(), error: null })
        .where(
          sql`${reconciliationRuns.id} = ${id} AND ${reconciliationRuns.status} IN ('queued', 'running')`,
        )
        .returning();
      return row ? { ...row, startedBy: null } : undefined;
    },
    async finishRun(
      id: number,
      outcome:
        { summary: ReconciliationSummary; differences: ReconciliationDifference[] } | { error: string },
    ) {
      await db
        .update(reconciliationRuns)
        .set(
          'error' in outcome
            ? { status: 'failed', error: outcome.error, finishedAt: new Date() }
            : { status: 'done', ...outcome, finishedAt: new Date() },
        )
        .where(eq(reconciliationRuns.id, id));
    },
    async setDifferences(tx: Db, id: number, differences: ReconciliationDifference[]) {
      await tx.update(reconciliationRuns).set({ differences }).where(eq(reconciliationRuns.id, id));
    },
    async runs(limit = 100): Promise<RunRow[]> {
      return db
        .select({ ...runColumns, startedBy: users.name })
        .from(reconciliationRuns)
        .leftJoin(users, eq(users.id, reconciliationRuns.startedById))
        .orderBy(desc(reconciliationRuns.id))
        .limit(limit);
    },
    async run(id: number): Promise<RunRow | undefined> {
      const [row] = await db
        .select({ ...runColumns, startedBy: users.name })
        .from(reconciliationRuns)
        .leftJoin(users, eq(users.id, reconciliationRuns.startedById))
        .where(eq(reconciliationRuns.id, id));
      return row;
    },
    /** The run's differences, its row locked for the rest of the transaction (one adoption at a time). */
    async lockedDifferences(tx: Db, id: number): Promise<ReconciliationDifference[] | undefined> {
      const [row] = await tx
        .select({ differences: reconciliationRuns.differences })
        .from(reconciliationRuns)
        .where(eq(reconciliationRuns.id, id))
        .for('update');
      return row ? ((row.differences as ReconciliationDifference[] | null) ?? []) : undefined;
    },
    /** The last finished (done) run of each trigger: when it finished and its summary (metrics, read when scraped). */
    async lastFinishedByTrigger(): Promise<
      { trigger: string; finishedAt: Date; summary: ReconciliationSummary | null }[]
    > {
      const result = await db.execute(sql`
        SELECT DISTINCT ON (trigger) trigger, finished_at AS "finishedAt", summary
          FROM reconciliation_runs
         WHERE status = 'done' AND finished_at IS NOT NULL
         ORDER BY trigger, finished_at DESC, id DESC`);
      return rowsOf<{ trigger: string; finishedAt: Date | string; summary: ReconciliationSummary | null }>(
        result,
      ).map((row) => ({ ...row, finishedAt: new Date(row.finishedAt) }));
    },
    /** Under a transaction-wide lock: true when a nightly run was already started since `since`. */
    async nightlyStartedSince(tx: Db, since: Date): Promise<boolean> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ff-reconciliation-nightly'))`);
      const [row] = await tx
        .select({ id: reconciliationRuns.id })
        .from(reconciliationRuns)
        .where(
          sql`${reconciliationRuns.trigger} = 'nightly' AND ${reconciliationRuns.createdAt} >= ${since.toISOString()}::timestamptz`,
        )
        .limit(1);
      return !!row;
    },
  };
}

const runColumns = {
  id: reconciliationRuns.id,
  fromDate: reconciliationRuns.fromDate,
  toDate: reconciliationRuns.toDate,
  status: reconciliationRuns.status,
  startedById: reconciliationRuns.startedById,
  trigger: reconciliationRuns.trigger,
  createdAt: reconciliationRuns.createdAt,
  startedAt: reconciliationRuns.startedAt,
  finishedAt: reconciliationRuns.finishedAt,
  summary: reconciliationRuns.summary,
  differences: reconciliationRuns.differences,
  error: reconciliationRuns.error,
};

export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;
