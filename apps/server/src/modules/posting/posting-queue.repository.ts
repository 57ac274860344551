import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postingAttempts } from '../../db/schema.js';
import { closeAttempt } from './posting-attempts.js';
import { assignments, stateColumns, type PostingStep } from './posting-steps.js';

/**
 * SQL only the queue's worker asks (jobs/vas-posting.job.ts): taking a queued row under an open attempt, and
 * putting it back in the queue when its outcome is still unknown. Part of the posting repository
 * (createPostingRepository spreads it in).
 */
export function createQueueQueries(db: Db) {
  return {
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
          .select({
            status: stateColumns(step).status,
            generation: step.columns.generation,
            key: step.columns.postingKey,
          })
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
            .values({
              kind: step.kind,
              recordId: id,
              generation: Number(row!.generation ?? 1),
              idempotencyKey: String(row!.key),
            })
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
  };
}
