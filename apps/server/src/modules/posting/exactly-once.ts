import { SapPostingFailure, type SapDocument, type SapDocumentRef, type SapGateway } from './sap-gateway.js';

export type PostingOutcome =
  | { outcome: 'posted' | 'found'; ref: SapDocumentRef }
  /** `retryable`: SAP was not reached, so trying later may succeed; otherwise SAP refused the document. */
  | { outcome: 'failed'; message: string; code?: string | undefined; retryable: boolean }
  | { outcome: 'unknown'; message: string };

export type ExactlyOnceOptions = {
  /** Look the key up before the first POST (an earlier try of this record ended without a definite answer). */
  lookUpFirst: boolean;
  /**
   * POSTs allowed in this run (default 1). After an unknown outcome a look-up that finds nothing is not
   * proof: SAP may still be committing a request we gave up on. So by default a run never posts twice; the
   * row is reported unknown and the NEXT try (a user's re-post, or the queue's retry after its backoff)
   * looks the key up first.
   */
  maxPosts?: number;
  /** Pause before looking up after an unknown outcome, so a slow commit can land first. */
  settleMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The exactly-once protocol of docs/design/architecture.md section 6 for one record: SAP has no idempotency, so the
 * key rides in a reference field and, whenever an outcome is unknown, the key is looked up in SAP before
 * anything is posted again. A POST is only ever repeated after a look-up proved nothing is there.
 */
export async function postExactlyOnce(
  sap: SapGateway,
  document: SapDocument,
  key: string,
  options: ExactlyOnceOptions,
): Promise<PostingOutcome> {
  const maxPosts = options.maxPosts ?? 1;
  let mustLookUp = options.lookUpFirst;
  let lastUnknown = 'SAP did not confirm the posting.';

  for (let posts = 0; posts < maxPosts;) {
    if (mustLookUp) {
      try {
        const existing = await sap.findByReference(document, key);
        if (existing) return { outcome: 'found', ref: existing };
      } catch (error) {
        // Without a look-up we cannot know; posting now could double the record. Stop here.
        const reason = error instanceof Error ? error.message : String(error);
        return {
          outcome: 'unknown',
          message: `${lastUnknown} Checking SAP for it failed too (${reason}); it will be checked again before the next try.`,
        };
      }
    }
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
      mustLookUp = true;
      if (options.settleMs) await sleep(options.settleMs * posts);
    }
  }
  // Every POST ended unknown; one last look settles it if the final one landed.
  try {
    const existing = await sap.findByReference(document, key);
    if (existing) return { outcome: 'found', ref: existing };
  } catch {
    // Fall through: still unknown.
  }
  return { outcome: 'unknown', message: `${lastUnknown} It will be checked in SAP before the next try.` };
}
