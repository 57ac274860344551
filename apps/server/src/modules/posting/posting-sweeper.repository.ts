import { and, eq, getTableName, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { postingAttempts } from '../../db/schema.js';
import { assignments, stateColumns, updateToPosted, type PostingStep } from './posting-steps.js';
import type { SapDocumentRef } from '../../erp/sap-gateway.js';

/**
 * What the sweeper knows of a row it settles: its generation, the keys SAP may hold its posting under (its key
 * now, then those of its unsettled attempts of this generation: one written before migration 0012 differs), and
 * whom to name and tell.
 */
export type SweptRow = {
  id: number;
  generation: number;
  keys: string[];
  tripNumber: string | null;
  postedById: number | null;
};

const sweptColumns = (step: PostingStep) => {
  // Spelled out in full, as in `staleRows`: inside the subquery an unqualified "generation" binds to
  // posting_attempts.generation, and every generation's attempts would count as this one's.
  const table = getTableName(step.table);
  const recordId = sql.raw(`"${table}"."id"`);
  const generation = sql.raw(`"${table}"."${step.columns.generation.name}"`);
  return {
    generation: sql<number>`${step.columns.generation}`,
    key: sql<string>`${step.columns.postingKey}`,
    attemptKeys: sql<string[] | string>`array(SELECT DISTINCT pa.idempotency_key FROM posting_attempts pa
      WHERE pa.kind = ${step.kind} AND pa.record_id = ${recordId} AND pa.generation = ${generation}
        AND pa.outcome IN ('pending', 'unknown') AND pa.rechecked_at IS NULL)`,
    tripNumber: sql<string | null>`${(step.table as unknown as { tripNumber: PgColumn }).tripNumber}`,
    postedById: sql<number | null>`${step.columns.postedById}`,
  };
};

/** A text[] as the drivers answer it: an array (node-postgres, PGlite) or its literal `{a,b}`. */
const textArray = (value: string[] | string | null): string[] =>
  Array.isArray(value)
    ? value
    : (value ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const sweptRow = (r: {
  id: unknown;
  generation: unknown;
  key: string;
  attemptKeys: string[] | string | null;
  tripNumber: string | null;
  postedById: unknown;
}): SweptRow => ({
  id: r.id as number,
  generation: Number(r.generation ?? 1),
  keys: [...new Set([r.key, ...textArray(r.attemptKeys)])],
  tripNumber: r.tripNumber || null,
  postedById: r.postedById === null || r.postedById === undefined ? null : Number(r.postedById),
});

/**
 * SQL only the sweeper (posting-sweeper.ts) asks: rows a dead poster left in flight, failed rows whose outcome
 * SAP never confirmed, and settling them. Part of the posting repository (createPostingRepository spreads it
 * in); a page at a time in id order, so a pass reaches every row however many there are.
 */
export function createSweeperQueries(db: Db) {
  return {
    /**
     * Rows that a poster owns (`posting`, or `queued` for the queue) whose newest attempt's lease is older
     * than `before`: their poster died. Answers each with its open attempt (null when none is open), a page
     * at a time in id order (`afterId`: the last id of the page before), so a sweep reaches every one.
     */
    async staleRows(
      step: PostingStep,
      statuses: readonly ('posting' | 'queued')[],
      before: Date,
      page: { afterId?: number; limit?: number } = {},
    ): Promise<(SweptRow & { attemptId: number | null; status: string })[]> {
      // Spelled out in full: drizzle leaves columns in a select list unqualified, which inside a subquery
      // would bind "id" to posting_attempts.id instead of the record's.
      const recordId = sql.raw(`"${getTableName(step.table)}"."id"`);
      const newest = sql`(SELECT max(pa.started_at) FROM posting_attempts pa WHERE pa.kind = ${step.kind} AND pa.record_id = ${recordId})`;
      const open = sql<string | number | null>`(SELECT max(pa.id) FROM posting_attempts pa
                 WHERE pa.kind = ${step.kind} AND pa.record_id = ${recordId} AND pa.outcome = 'pending')`;
      const rows = await db
        .select({
          id: step.table.id,
          attemptId: open,
          status: stateColumns(step).status,
          ...sweptColumns(step),
        })
        .from(step.table)
        .where(
          and(
            inArray(step.columns.status, [...statuses]),
            gt(step.table.id, page.afterId ?? 0),
            sql`coalesce(${newest} < ${before}, true)`,
          ),
        )
        .orderBy(step.table.id)
        .limit(page.limit ?? 500);
      return rows.map((r) => ({
        ...sweptRow(r),
        attemptId: r.attemptId === null ? null : Number(r.attemptId),
        status: r.status,
      }));
    },

    /**
     * Failed rows whose outcome SAP never confirmed: their latest attempt ended `unknown` (the POST went
     * unanswered and the look-up after it could not settle it) before `settledBefore`, and no look-up since
     * has shown SAP without the document (`rechecked_at`). No lower bound: a row stays here until a look-up
     * settles it, however long sweeps take. A page at a time in id order, as `staleRows`.
     */
    async unconfirmedFailures(
      step: PostingStep,
      settledBefore: Date,
      page: { afterId?: number; limit?: number } = {},
    ): Promise<(SweptRow & { attemptId: number })[]> {
      const recordId = sql.raw(`"${getTableName(step.table)}"."id"`);
      const latest = sql<
        string | number | null
      >`(SELECT CASE WHEN pa.outcome = 'unknown' AND pa.rechecked_at IS NULL
                   AND pa.finished_at < ${settledBefore} THEN pa.id END
                 FROM posting_attempts pa WHERE pa.kind = ${step.kind} AND pa.record_id = ${recordId}
                 ORDER BY pa.id DESC LIMIT 1)`;
      const rows = await db
        .select({ id: step.table.id, attemptId: latest, ...sweptColumns(step) })
        .from(step.table)
        .where(
          and(
            eq(step.columns.status, 'failed'),
            gt(step.table.id, page.afterId ?? 0),
            sql`${latest} IS NOT NULL`,
          ),
        )
        .orderBy(step.table.id)
        .limit(page.limit ?? 500);
      return rows.map((r) => ({ ...sweptRow(r), attemptId: Number(r.attemptId) }));
    },

    /** A look-up after the settle delay found no document for this unconfirmed attempt: it need not be checked again. */
    async markRechecked(attemptId: number): Promise<void> {
      await db
        .update(postingAttempts)
        .set({ recheckedAt: new Date() })
        .where(and(eq(postingAttempts.id, attemptId), eq(postingAttempts.outcome, 'unknown')));
    },

    /**
     * The sweeper found an abandoned row's document in SAP: the row is posted with SAP's keys and its attempt
     * closed as `found`, in one statement fenced on the attempt (still open, lease still stale). Answers false
     * when someone else settled it first (another process's sweeper, or its poster, alive after all), so a
     * row is settled (and audited) once.
     */
    async settleFound(
      step: PostingStep,
      recordId: number,
      attemptId: number,
      ref: SapDocumentRef,
      staleBefore: Date,
    ): Promise<boolean> {
      const now = new Date().toISOString();
      const settled = await db.execute(sql`
        WITH closed AS (
          UPDATE posting_attempts
             SET outcome = 'found', sap_doc_entry = ${ref.docEntry}, sap_doc_num = ${ref.docNum}, finished_at = ${now}::timestamptz
           WHERE id = ${attemptId} AND outcome = 'pending' AND started_at < ${staleBefore.toISOString()}::timestamptz
           RETURNING id
        )
        ${updateToPosted(step, ref, now)}
         WHERE id = ${recordId} AND EXISTS (SELECT 1 FROM closed)
         RETURNING id`);
      return rowsOf(settled).length > 0;
    },

    /**
     * A failed row whose document SAP holds after all: posted with SAP's keys, recorded as a `found` attempt.
     * Only a row still as the sweep read it changes: failed, at the generation whose key was looked up, and with
     * the unconfirmed attempt still its latest. One claimed again meanwhile is its poster's (who looks the key up
     * first); one re-posted, reversed and failed at the next generation must not take the earlier generation's
     * (cancelled) document.
     */
    async markFoundAfterFailure(
      step: PostingStep,
      recordId: number,
      ref: SapDocumentRef,
      found: { generation: number; key: string; attemptId: number },
    ): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = new Date();
        const updated = await tx
          .update(step.table)
          .set({
            ...assignments(step, [
              [step.columns.status, 'posted'],
              [step.columns.postedAt, now],
              [step.columns.sapDocEntry, ref.docEntry],
              [step.columns.sapDocNum, ref.docNum],
              [step.columns.lastError, null],
            ]),
            updatedAt: now,
          })
          .where(
            and(
              eq(step.table.id, recordId),
              eq(step.columns.status, 'failed'),
              eq(step.columns.generation, found.generation),
              sql`(SELECT max(pa.id) FROM posting_attempts pa
                    WHERE pa.kind = ${step.kind} AND pa.record_id = ${recordId}) = ${found.attemptId}`,
            ),
          )
          .returning({ id: step.table.id });
        if (!updated.length) return false;
        await tx.insert(postingAttempts).values({
          kind: step.kind,
          recordId,
          generation: found.generation,
          idempotencyKey: found.key,
          outcome: 'found',
          sapDocEntry: ref.docEntry,
          sapDocNum: ref.docNum,
          startedAt: now,
          finishedAt: now,
        });
        return true;
      });
    },
  };
}
