import { desc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { audits } from '../../../db/schema.js';
import type { ExactlyOnce } from '../../../test/exactly-once.js';
import { attemptsOf, documentsByKey, type SimDocument } from '../../../test/posting-harness.js';
import type { TestClient } from '../../../test/test-client.js';

/** Tests only: reversing postings through the real route, and reading back what SAP and the database hold. */

export const reversePath = (postingId: number) => `/api/v1/postings/${postingId}/reverse`;

/** The posting id of a record's generation: its first attempt's id. */
export async function postingIdOf(p: ExactlyOnce, code: string, recordId: number, generation = 1) {
  const attempts = (await attemptsOf(p.h, code, recordId)).filter((a) => a.generation === generation);
  expect(attempts.length).toBeGreaterThan(0);
  return attempts[0]!.id;
}

export const reverse = (client: TestClient, postingId: number, reason = 'Wrong petty cash ledger') =>
  client.post(reversePath(postingId), { reason });

/** Every SAP document carrying `key`, oldest first. */
export async function documentsOf(p: ExactlyOnce, key: string): Promise<SimDocument[]> {
  return (await documentsByKey(p.h.sim)).get(key) ?? [];
}

/** Asserts SAP holds the journal `key` and exactly one reversal entry of it (every line's sides swapped). */
export async function expectJournalReversedOnce(p: ExactlyOnce, key: string) {
  const docs = await documentsOf(p, key);
  expect(docs).toHaveLength(2);
  const [original, reversal] = docs as [SimDocument, SimDocument];
  const lines = (d: SimDocument) =>
    (d.JournalEntryLines as SimDocument[]).map((l) => [
      l.ShortName ?? l.AccountCode,
      l.Debit ?? 0,
      l.Credit ?? 0,
    ]);
  expect(lines(reversal)).toEqual(lines(original).map(([who, debit, credit]) => [who, credit, debit]));
  return { original, reversal };
}

/** The newest audit lines matching `pattern` (SQL LIKE). */
export async function auditLines(p: ExactlyOnce, pattern: string) {
  const rows = await p.h.database.db
    .select({ event: audits.event, actor: audits.actorName })
    .from(audits)
    .where(like(audits.event, pattern))
    .orderBy(desc(audits.id));
  return rows;
}
