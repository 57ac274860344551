import { and, eq } from 'drizzle-orm';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { postingAttempts } from '../db/schema.js';
import { postableRows, postBodyOf } from './kind-fixtures.js';
import type { RouteCase } from './route-cases.js';

/**
 * The security case of reversal (issue 11): a fresh cash advance posted by the administrator, then reversed by
 * the caller (who needs Reverse Postings): 200, SAP's Cancel through the simulator.
 */
export function reversalRouteCases(): Record<string, RouteCase> {
  return {
    'POST /api/v1/postings/:id/reverse': {
      async valid({ h }) {
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
        return {
          url: `/api/v1/postings/${attempt!.id}/reverse`,
          body: { reason: 'Posted to the wrong ledger' },
          status: 200,
        };
      },
    },
  };
}
