import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postingAttempts } from '../../db/schema.js';

/**
 * Closes one attempt if it is still open (and, with `staleBefore`, still not renewed); answers whether it did.
 * The fence of the exactly-once protocol: shared by the posting repository's writes and the queue's.
 */
export async function closeAttempt(
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
