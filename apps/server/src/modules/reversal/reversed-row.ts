import { desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { kindOfCode, RECORD_KINDS_PLAIN, type PostingRow } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { ofPosting } from '../../db/posting-log.js';
import { postingAttempts, users } from '../../db/schema.js';
import { formatDateTime } from '../../lib/time.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import type { Reversal } from './reversal.repository.js';

/**
 * The reversed posting as the posting history lists it (GET /api/v1/postings): the answer of a reversal.
 * Amount and posting date are the attempts' (what was sent), falling back to the record's; its times are
 * `yyyy-MM-dd HH:mm:ss` in `timeZone` (APP_TIMEZONE), as the history answers them.
 */
export async function reversedRow(db: Db, reversal: Reversal, timeZone: string): Promise<PostingRow> {
  const at = (d: Date | null | undefined) => (d ? formatDateTime(d, timeZone) : null);
  const name = kindOfCode(reversal.kind)!;
  const step = POSTING_STEPS[name];
  const entry = RECORD_KINDS_PLAIN[name];
  const attempts = await db
    .select()
    .from(postingAttempts)
    .where(ofPosting(postingAttempts, reversal))
    .orderBy(desc(postingAttempts.id));
  const posted = attempts.find((a) => a.outcome === 'posted' || a.outcome === 'found');
  const table = step.table as unknown as Record<string, PgColumn>;
  const [record] = (await db
    .select({
      tripNumber: table.tripNumber!,
      amount: table[entry.amountField]!,
      currency: table.currency!,
      postingDate: step.columns.postingDate,
    })
    .from(step.table)
    .where(eq(step.table.id, reversal.recordId))) as Record<string, unknown>[];
  const userIds = [posted?.requestedById, reversal.requestedById].filter((id): id is number => !!id);
  const names = new Map(
    userIds.length
      ? (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
        ).map((u) => [u.id, u.name])
      : [],
  );
  const withAmount = attempts.find((a) => a.amount !== null);
  // SAP's VAT and gross of the document (issue 25), as the history shows them: the newest attempt that kept both.
  const withTotals = attempts.find((a) => a.vatAmount !== null && a.grossAmount !== null);
  const withDate = attempts.find((a) => a.postingDate !== null);
  return {
    id: reversal.postingId,
    kind: entry.apiName,
    recordId: reversal.recordId,
    tripNumber: (record?.tripNumber as string | null) ?? null,
    amount: withAmount?.amount ?? (record?.amount as string | null) ?? null,
    currency: (record?.currency as string | null) ?? null,
    ...(withTotals ? { vat: withTotals.vatAmount!, gross: withTotals.grossAmount! } : {}),
    postingDate: withDate?.postingDate ?? (record?.postingDate as string | null) ?? null,
    status: 'reversed',
    sapDocEntry: reversal.sapDocEntry,
    sapDocNum: reversal.sapDocNum,
    idempotencyKey: reversal.idempotencyKey,
    postedBy: (posted?.requestedById && names.get(posted.requestedById)) || null,
    postedAt: at(posted?.finishedAt),
    message: null,
    reversedBy: (reversal.requestedById && names.get(reversal.requestedById)) || null,
    reversedAt: at(reversal.finishedAt),
  };
}
