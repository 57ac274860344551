import { reasonOf } from '../../lib/errors.js';
import type { Metrics } from '../../lib/metrics.js';
import { sleep } from '../../lib/time.js';
import { lookUpKeys, type KeyLookup } from './key-lookup.js';
import {
  SapPostingFailure,
  type SapDocument,
  type SapDocumentRef,
  type SapGateway,
} from '../../erp/sap-gateway.js';

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
