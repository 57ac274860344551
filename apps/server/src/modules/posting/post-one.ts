import { isConnectionError, retryOnConnectionLoss } from '../../db/connection-faults.js';
import { postExactlyOnce, type PostingOutcome } from './exactly-once.js';
import type { KindRules, PostingRequest } from './kind-rules.js';
import { generationOf, idempotencyKey, type PostingStep } from './posting-steps.js';
import type { SapDocument, SapGateway } from './sap-gateway.js';

/** When a document was sent to SAP and the document itself: the posting history shows both (posting_attempts). */
export type Sending = { at: Date; document: SapDocument };

export type PostOneDeps = { sap: () => SapGateway; settleMs?: number | undefined };

/**
 * What posting one claimed row came to:
 * - `sent`: SAP was asked (with the exactly-once protocol) and this is its outcome;
 * - `unprepared`: the row could not become a SAP document (`error`: a rule's, or the database was away); nothing was sent;
 * - `taken`: the row's attempt was closed meanwhile (someone else resolved it); nothing was sent.
 */
export type PostOneResult =
  | { sent: true; outcome: PostingOutcome; sending: Sending }
  | { sent: false; unprepared: unknown }
  | { sent: false; taken: true };

/**
 * Posts one claimed row of a step: builds its SAP document (a read, retried once on a lost connection), lets
 * `beforeSend` renew its lease (answering null when the attempt is no longer open, or the look-up rule), and
 * sends it exactly once. The request path (posting.service.ts) and the VAS queue job record the result each
 * in their own way (answering the user, or retrying through the queue).
 */
export async function postOne<Row, I>(
  deps: PostOneDeps,
  step: PostingStep,
  rules: KindRules<Row, I, unknown>,
  item: { row: Row; request: PostingRequest<I>; lookUpFirst: boolean },
  beforeSend?: () => Promise<{ lookUpFirst: boolean } | null>,
): Promise<PostOneResult> {
  const key = idempotencyKey(step, item.request.id, generationOf(step, item.row as object));
  let document: SapDocument;
  try {
    document = await retryOnConnectionLoss(async () => rules.document(item.row, item.request, key));
  } catch (error) {
    return { sent: false, unprepared: error };
  }
  let lookUpFirst = item.lookUpFirst;
  if (beforeSend) {
    const began = await beforeSend();
    if (!began) return { sent: false, taken: true };
    lookUpFirst = began.lookUpFirst;
  }
  const sending: Sending = { at: new Date(), document };
  try {
    return {
      sent: true,
      sending,
      outcome: await postExactlyOnce(deps.sap(), document, key, {
        lookUpFirst,
        maxPosts: 1,
        settleMs: deps.settleMs ?? 500,
      }),
    };
  } catch (error) {
    // E.g. the SAP client closed under a shutdown: whether the POST left is not known.
    return {
      sent: true,
      sending,
      outcome: {
        outcome: 'unknown',
        message: `Posting stopped unexpectedly (${error instanceof Error ? error.message : String(error)}).`,
      },
    };
  }
}

/** Whether building the document failed because the database was away (nothing was sent; safe to retry). */
export const unpreparedByDatabase = (result: PostOneResult) =>
  !result.sent && 'unprepared' in result && isConnectionError(result.unprepared);
