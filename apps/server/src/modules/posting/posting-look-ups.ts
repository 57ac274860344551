import { documentsOfKeys, KEYS_PER_LOOKUP } from './key-lookup.js';
import type { PostingRepository } from './posting.repository.js';
import { sapReferenceOf, type PostingStep } from './posting-steps.js';
import type { SapGateway, SapRangeDocument } from '../../erp/sap-gateway.js';

/** A place among the POSTING_CONCURRENCY calls to SAP of one request. */
export type SapSlot = <T>(call: () => Promise<T>) => Promise<T>;
/** What SAP holds under a chunk of keys; undefined when SAP could not say. */
export type KeyAnswer = Map<string, SapRangeDocument[]> | undefined;
/** Rows asked for before their claim: record id -> its key then, and SAP's pending answer. */
export type Prefetched = Map<number, { key: string; answer: Promise<KeyAnswer> }>;

/**
 * The key look-ups of a post request (decision 018): SAP is asked what it holds under every claimed row's keys
 * before the row's first POST, `KEYS_PER_LOOKUP` keys a request, each request in one of the request's SAP slots
 * ahead of the POSTs (posting.service.ts).
 */
export function createLookUps(deps: {
  repository: Pick<PostingRepository, 'freshKeys'>;
  sap: () => SapGateway;
  log?: { warn(obj: object, msg: string): void } | undefined;
}) {
  /** Asks SAP what it holds under the items' keys, `KEYS_PER_LOOKUP` keys a request, each in a SAP slot. */
  function askInChunks<T extends { keys: string[] }>(
    step: PostingStep,
    items: T[],
    sapSlot: SapSlot,
  ): Map<T, Promise<KeyAnswer>> {
    const answers = new Map<T, Promise<KeyAnswer>>();
    let chunk: T[] = [];
    let keys = 0;
    const ask = () => {
      if (!chunk.length) return;
      const wanted = chunk.flatMap((c) => c.keys);
      const answer = sapSlot(() => documentsOfKeys(deps.sap(), sapReferenceOf(step), wanted)).catch(
        (error: unknown) => {
          deps.log?.warn({ err: error }, 'Could not ask SAP for the keys of a post request at once');
          return undefined;
        },
      );
      for (const c of chunk) answers.set(c, answer);
      chunk = [];
      keys = 0;
    };
    for (const c of items) {
      if (keys + c.keys.length > KEYS_PER_LOOKUP) ask();
      chunk.push(c);
      keys += c.keys.length;
    }
    ask();
    return answers;
  }

  return {
    /**
     * Asks SAP for the keys of the requested rows that can use an answer given before their claim (`freshKeys`:
     * claimable, no uncertain attempt of their generation), while the rows are validated and claimed. The read
     * and the asking fail quietly (the rows are then asked for after their claim).
     */
    async prefetchLookUps(step: PostingStep, ids: number[], sapSlot: SapSlot): Promise<Prefetched> {
      const keys = await deps.repository.freshKeys(step, ids).catch(() => new Map<number, string>());
      const items = [...keys].map(([id, key]) => ({ id, keys: [key] }));
      const answers = askInChunks(step, items, sapSlot);
      return new Map(items.map((item) => [item.id, { key: item.keys[0]!, answer: answers.get(item)! }]));
    },

    /**
     * What SAP holds under the claimed rows' keys (theirs, and those of earlier attempts that may have created
     * their documents), asked a chunk of rows at a time: a row waits for its own chunk's answer only, so the
     * look-ups cost about one round of SAP calls, not a phase before the first POST. A chunk SAP could not answer
     * resolves undefined: its rows then ask for themselves, and are not posted unless SAP answers. Rows that were
     * asked for while being claimed (`prefetchLookUps`) use that answer when it still holds, so most look-ups
     * cost no round at all.
     */
    lookUpClaimed(
      step: PostingStep,
      claimed: { request: { id: number }; attemptId: number; key: string; earlierKeys: string[] }[],
      sapSlot: SapSlot,
      prefetched: Prefetched,
    ) {
      const answers = new Map<number, Promise<KeyAnswer>>();
      const rest: { attemptId: number; keys: string[] }[] = [];
      for (const c of claimed) {
        const early = prefetched.get(c.request.id);
        // SAP's answer from before the claim holds only if nothing may have been sent under the key since.
        if (early && early.key === c.key && !c.earlierKeys.length) answers.set(c.attemptId, early.answer);
        else rest.push({ attemptId: c.attemptId, keys: [c.key, ...c.earlierKeys] });
      }
      for (const [item, answer] of askInChunks(step, rest, sapSlot)) answers.set(item.attemptId, answer);
      return (attemptId: number) => answers.get(attemptId) ?? Promise.resolve(undefined);
    },
  };
}
