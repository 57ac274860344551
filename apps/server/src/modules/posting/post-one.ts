import { isConnectionError, retryOnConnectionLoss } from '../../db/connection-faults.js';
import type { Metrics } from '../../lib/metrics.js';
import { postExactlyOnce, type PostingOutcome } from './exactly-once.js';
import type { KindRules, PostingRequest } from './kind-rules.js';
import { judgeKeys } from './key-lookup.js';
import { postingKeyOn, type PostingStep } from './posting-steps.js';
import type { SapDocument, SapGateway, SapRangeDocument } from '../../erp/sap-gateway.js';

/** When a document was sent to SAP and the document itself: the posting history shows both (posting_attempts). */
export type Sending = { at: Date; document: SapDocument };

export type PostOneDeps = {
  sap: () => SapGateway;
  settleMs?: number | undefined;
  /** Counts each row's outcome (`ff_postings_total`) and its key look-ups (`ff_posting_lookups_total`). */
  metrics?: Pick<Metrics, 'posting' | 'lookup'> | undefined;
};

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
 * `beforeSend` renew its lease (answering null when the attempt is no longer open, or the keys of earlier
 * attempts), and sends it exactly once, SAP asked for its keys first (`found`: what the request's look-up of all
 * its rows' keys found, decision 018). The request path (posting.service.ts) and the VAS queue job record the result each
 * in their own way (answering the user, or retrying through the queue).
 */
export async function postOne<Row, I>(
  deps: PostOneDeps,
  step: PostingStep,
  rules: KindRules<Row, I, unknown>,
  item: {
    row: Row;
    request: PostingRequest<I>;
    earlierKeys: string[];
    found?: Map<string, SapRangeDocument[]> | undefined;
  },
  beforeSend?: () => Promise<{ earlierKeys: string[] } | null>,
): Promise<PostOneResult> {
  const key = postingKeyOn(step, item.row as object);
  let document: SapDocument;
  try {
    document = await retryOnConnectionLoss(async () => rules.document(item.row, item.request, key));
  } catch (error) {
    deps.metrics?.posting(step.name, 'not_sent');
    return { sent: false, unprepared: error };
  }
  let earlierKeys = item.earlierKeys;
  if (beforeSend) {
    const began = await beforeSend();
    if (!began) return { sent: false, taken: true };
    earlierKeys = began.earlierKeys;
  }
  const sending: Sending = { at: new Date(), document };
  const keys = [key, ...earlierKeys];
  const looked =
    item.found && keys.every((k) => item.found!.has(k.toUpperCase()))
      ? judgeKeys(document, keys, item.found)
      : undefined;
  let outcome: PostingOutcome;
  try {
    outcome = await postExactlyOnce(deps.sap(), document, key, {
      earlierKeys,
      looked,
      maxPosts: 1,
      settleMs: deps.settleMs ?? 500,
      metrics: deps.metrics,
    });
  } catch (error) {
    // E.g. the SAP client closed under a shutdown: whether the POST left is not known.
    outcome = {
      outcome: 'unknown',
      message: `Posting stopped unexpectedly (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  deps.metrics?.posting(step.name, outcome.outcome);
  return { sent: true, sending, outcome };
}

/** Whether building the document failed because the database was away (nothing was sent; safe to retry). */
export const unpreparedByDatabase = (result: PostOneResult) =>
  !result.sent && 'unprepared' in result && isConnectionError(result.unprepared);
