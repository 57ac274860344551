import { and, eq } from 'drizzle-orm';
import type { postingAttempts, postingReversals, PostingKind } from './records-schema.js';

/** The posting log: its tries at posting (posting_attempts) and its requests to cancel (posting_reversals). */
export type PostingLog = typeof postingAttempts | typeof postingReversals;

/** One posting: one generation of one record step. */
export type PostingKey = { kind: PostingKind; recordId: number; generation: number };

/** The rows of `log` that belong to one posting. */
export function ofPosting(log: PostingLog, posting: PostingKey) {
  return and(
    eq(log.kind, posting.kind),
    eq(log.recordId, posting.recordId),
    eq(log.generation, posting.generation),
  );
}
