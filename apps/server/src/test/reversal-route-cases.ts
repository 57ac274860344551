import { and, eq } from 'drizzle-orm';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { postingAttempts } from '../db/schema.js';
import { postableRows, postBodyOf } from './kind-fixtures.js';
import type { PostingHarness } from './posting-harness.js';
import type { RouteCase } from './route-case.js';

/** A fresh cash advance posted by the administrator: its posting's id (the first attempt's). */
export async function postedCashAdvance(h: PostingHarness): Promise<number> {
  const [id] = await postableRows(h, 'cashAdvance');
  const admin = await h.signInAsAdmin();
  const posted = await admin.post(
    RECORD_KINDS_PLAIN.cashAdvance.apiPath,
    await postBodyOf(h, 'cashAdvance', [id!]),
  );
  if (posted.status !== 200) throw new Error(`Cash advance #${id} was not posted: ${posted.text}`);
  const [attempt] = await h.database.db
    .select({ id: postingAttempts.id })
    .from(postingAttempts)
    .where(and(eq(postingAttempts.kind, 'CA'), eq(postingAttempts.recordId, id!)))
    .orderBy(postingAttempts.id)
    .limit(1);
  return attempt!.id;
}

/**
 * The security case of reversal (issue 11): a fresh cash advance posted by the administrator, then reversed by
 * the caller (who needs Reverse Postings, and View Cash Advances to find it): 200, SAP's Cancel through the
 * simulator.
 */
export function reversalRouteCases(): Record<string, RouteCase> {
  return {
    'POST /api/v1/postings/:id/reverse': {
      async valid({ h }) {
        return {
          url: `/api/v1/postings/${await postedCashAdvance(h)}/reverse`,
          body: { reason: 'Posted to the wrong ledger' },
          status: 200,
        };
      },
      viewedWith: RECORD_KINDS_PLAIN.cashAdvance.permissions.view,
    },
  };
}
