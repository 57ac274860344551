import { reasonOf } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';
import { sleep } from '../../lib/time.js';
import { isConnectionError, retryOnConnectionLoss } from '../../db/connection-faults.js';
import {
  SapPostingFailure,
  type SapDocument,
  type SapDocumentRef,
  type SapGateway,
  type SapRangeDocument,
} from '../../erp/sap-gateway.js';
import type { KindRules, PostingRequest } from '../records/kinds/shared/kind-rules.js';
import { judgeKeys, lookUpKeys, type KeyLookup } from './key-lookup.js';
import { postingKeyOn, type PostingStep } from './posting-steps.js';

export type PostingOutcome =
  | { outcome: 'posted' | 'found'; ref: SapDocumentRef }
  /** `retryable`: SAP was not reached, so trying later may succeed; otherwise SAP refused the document. */
  | { outcome: 'failed'; message: string; code?: string | undefined; retryable: boolean }
  | { outcome: 'unknown'; message: string };

export type ExactlyOnceOptions = {
  /**
   * Keys of earlier attempts of this posting that may have created its document (their outcome is unknown, or
   * they died in flight): asked for too, and when SAP cannot be asked the outcome stays unknown. Empty: no
   * earlier attempt may have created it.
   */
  earlierKeys: readonly string[];
  /** What SAP held under the keys when the request asked for all its rows' keys at once; else asked here. */
  looked?: KeyLookup | undefined;
  /**
   * POSTs allowed in this run (default 1). After an unknown outcome a look-up that finds nothing is not
   * proof: SAP may still be committing a request we gave up on. So by default a run never posts twice; the
   * row is reported unknown and the NEXT try (a user's re-post, or the queue's retry after its backoff)
   * looks the key up first.
   */
  maxPosts?: number;
  /** Pause before looking up after an unknown outcome, so a slow commit can land first. */
  settleMs?: number;
  /** Counts each look-up's result (`ff_posting_lookups_total`). */
  metrics?: Pick<Metrics, 'lookup'> | undefined;
};

/**
 * The exactly-once protocol of docs/design/architecture.md section 6 for one record: SAP has no idempotency, so the
 * key rides in a reference field, and SAP is asked for it before the first POST (a restored database or a second
 * installation may have posted the record, decision 018) and before any POST after an unknown outcome. A document
 * found under the key counts as this record's only when its content is the same (key-lookup.ts); another's, or
 * this one's cancelled, is refused before anything is sent.
 */
export async function postExactlyOnce(
  sap: SapGateway,
  document: SapDocument,
  key: string,
  options: ExactlyOnceOptions,
): Promise<PostingOutcome> {
  const maxPosts = options.maxPosts ?? 1;
  const keys = [...new Set([key, ...options.earlierKeys])];
  let lastUnknown = 'SAP did not confirm the posting.';
  let verdict: KeyLookup;
  // Before the first POST of this key (decision 018), or before a retry when an earlier attempt may have landed.
  const firstStage = options.earlierKeys.length ? 'retry' : 'first';
  try {
    verdict = options.looked ?? (await lookUpKeys(sap, document, keys));
    options.metrics?.lookup(firstStage, verdict.state);
  } catch (error) {
    options.metrics?.lookup(firstStage, 'error');
    // Without a look-up we cannot know; posting now could double the record.
    if (options.earlierKeys.length)
      return {
        outcome: 'unknown',
        message: `${lastUnknown} Checking SAP for it failed too (${reasonOf(error)}); it will be checked again before the next try.`,
      };
    // Nothing was sent: SAP's own words say why (a refused login, an unreachable server), as a POST's would.
    if (error instanceof SapPostingFailure && error.kind !== 'unknown')
      return {
        outcome: 'failed',
        message: error.message,
        code: error.code,
        retryable: error.kind === 'unreachable',
      };
    return {
      outcome: 'failed',
      message: `It was not posted: SAP did not answer whether it already holds it (${reasonOf(error).replace(/\.$/, '')}). Post it again.`,
      retryable: true,
    };
  }
  let posts = 0;
  for (;;) {
    if (verdict.state === 'found') return { outcome: 'found', ref: verdict.ref };
    if (verdict.state === 'conflict') {
      // After a POST of ours went unanswered, it may still land under the key: keep it to be checked again.
      return posts
        ? { outcome: 'unknown', message: `${lastUnknown} ${verdict.message}` }
        : { outcome: 'failed', message: verdict.message, code: 'key_conflict', retryable: false };
    }
    if (posts >= maxPosts) break;
    try {
      posts += 1;
      return { outcome: 'posted', ref: await sap.create(document) };
    } catch (error) {
      if (!(error instanceof SapPostingFailure)) throw error;
      if (error.kind === 'refused')
        return { outcome: 'failed', message: error.message, code: error.code, retryable: false };
      if (error.kind === 'unreachable') {
        // Nothing reached SAP; safe to report as failed (a retry by the user looks up first anyway).
        return { outcome: 'failed', message: error.message, code: error.code, retryable: true };
      }
      lastUnknown = error.message;
      if (options.settleMs) await sleep(options.settleMs * posts);
    }
    try {
      verdict = await lookUpKeys(sap, document, keys);
      options.metrics?.lookup('retry', verdict.state);
    } catch (error) {
      options.metrics?.lookup('retry', 'error');
      if (posts >= maxPosts) break;
      return {
        outcome: 'unknown',
        message: `${lastUnknown} Checking SAP for it failed too (${reasonOf(error)}); it will be checked again before the next try.`,
      };
    }
  }
  return { outcome: 'unknown', message: `${lastUnknown} It will be checked in SAP before the next try.` };
}

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
