import pLimit from 'p-limit';
import { keptTotals } from '../../erp/document-totals.js';
import type { SapDocument, SapDocumentRef, SapGateway, SapRangeDocument } from '../../erp/sap-gateway.js';
import { sapReferenceOf, type PostingStep } from './posting-steps.js';

/**
 * Asking SAP for our keys before a POST (decision 018): before the first one as well as before any retry, since
 * a restored database, or a second installation on the same SAP company, may have posted the record already.
 * Keys are asked for in batches (one `Reference3 eq '...' or ...` request per chunk of keys), and what SAP holds
 * under a key is judged against the document we would send: only the same content is this record's posting.
 */

/** What SAP holds under a posting's keys, for the document we would send. */
export type KeyLookup =
  | { state: 'absent' }
  | { state: 'found'; ref: SapDocumentRef }
  /** A document with the key whose content is another record's, or this one's cancelled: never posted over. */
  | { state: 'conflict'; message: string };

/** Keys per look-up request: 40 `eq` terms make a URL of about 3 KB, well inside SAP's web server limit (8 KB). */
export const KEYS_PER_LOOKUP = 40;
const LOOKUPS_AT_ONCE = 8;

type Entity = 'JournalEntries' | 'Invoices';
type Target = Pick<SapDocument, 'entity' | 'referenceField'>;
const entityOf = (target: Target) => target.entity as Entity;
const normal = (key: string) => key.toUpperCase();
const cents = (amount: unknown) => Math.round((Number(amount) || 0) * 100);

/**
 * Every document SAP holds under each of `keys`, by key (upper case: SAP compares reference fields without case),
 * `KEYS_PER_LOOKUP` keys a request, a few requests at once. Throws what the gateway throws.
 */
export async function documentsOfKeys(
  sap: SapGateway,
  target: Target,
  keys: readonly string[],
): Promise<Map<string, SapRangeDocument[]>> {
  const wanted = [...new Set(keys.map(normal))];
  const found = new Map<string, SapRangeDocument[]>(wanted.map((k) => [k, []]));
  const limit = pLimit(LOOKUPS_AT_ONCE);
  const chunks: string[][] = [];
  for (let i = 0; i < wanted.length; i += KEYS_PER_LOOKUP) chunks.push(wanted.slice(i, i + KEYS_PER_LOOKUP));
  await Promise.all(
    chunks.map((chunk) =>
      limit(async () => {
        for (const document of await sap.documentsByKeys(entityOf(target), target.referenceField, chunk))
          found.get(normal(document.reference))?.push(document);
      }),
    ),
  );
  return found;
}

/** `JE 1022` or `A/R invoice 503`: how a refusal names SAP's document. */
const named = (document: SapRangeDocument) =>
  document.lines.length || document.total === null
    ? `JE ${document.docEntry ?? '?'}`
    : `A/R invoice ${document.docNum ?? document.docEntry ?? '?'}`;

type Line = { account: string; debit: number; credit: number };
const lineText = (l: Line, swap = false) =>
  swap
    ? `${l.account}|${cents(l.credit)}|${cents(l.debit)}`
    : `${l.account}|${cents(l.debit)}|${cents(l.credit)}`;
const linesText = (lines: Line[], swap = false) =>
  lines
    .map((l) => lineText(l, swap))
    .sort()
    .join(';');

/** Our document's lines as a look-up reads SAP's: account (or partner) and each side in cents. */
function ourLines(document: SapDocument): Line[] {
  const lines = (document.payload.JournalEntryLines as Record<string, unknown>[] | undefined) ?? [];
  return lines.map((l) => ({
    account: String(l.ShortName ?? l.AccountCode ?? ''),
    debit: Number(l.Debit ?? 0),
    credit: Number(l.Credit ?? 0),
  }));
}

/**
 * Our invoice's business partner, whether it is in a foreign currency, and its net: its lines' totals, in the
 * document's currency (`RowTotalFC` on a foreign-currency invoice, `LineTotal` otherwise).
 */
function ourInvoice(document: SapDocument) {
  const lines = (document.payload.DocumentLines as Record<string, unknown>[] | undefined) ?? [];
  return {
    party: String(document.payload.CardCode ?? ''),
    foreign: typeof document.payload.DocCurrency === 'string',
    cents: lines.reduce((sum, l) => sum + cents(l.LineTotal ?? l.RowTotalFC), 0),
  };
}

/**
 * SAP's invoice's net in the currency we sent it in: its total less the VAT SAP added (DocTotal - VatSum, or
 * DocTotalFc - VatSumFc for a foreign-currency one), as we send net amounts (issue 25).
 */
const theirNet = (d: SapRangeDocument, foreign: boolean) =>
  foreign ? cents(d.totalFc) - cents(d.vatFc) : cents(d.total) - cents(d.vat);

/**
 * What SAP's documents under `key` mean for `document`: none, ours (same lines, or same partner and total) and
 * standing, or a conflict: ours but cancelled in SAP (a restore forgot the reversal), or another record's.
 */
export function judge(document: SapDocument, key: string, theirs: readonly SapRangeDocument[]): KeyLookup {
  if (!theirs.length) return { state: 'absent' };
  const ref = (d: SapRangeDocument): SapDocumentRef => {
    // SAP's VAT and gross of the document found, kept with the posting (none for a journal, or when SAP did not say).
    const totals = keptTotals(document, d.invoiceTotals);
    return { docEntry: d.docEntry, docNum: d.docNum, ...(totals ? { totals } : {}) };
  };
  const byEntry = [...theirs].sort((a, b) => (a.docEntry ?? 0) - (b.docEntry ?? 0));
  let same: SapRangeDocument[];
  let cancelled: (d: SapRangeDocument) => boolean;
  if (document.entity === 'JournalEntries') {
    // A cancelled entry's reversal copies its references and swaps every line's sides.
    const ours = linesText(ourLines(document));
    same = byEntry.filter((d) => linesText(d.lines) === ours);
    const reversals = byEntry.filter((d) => linesText(d.lines, true) === ours).length;
    cancelled = (d) => same.indexOf(d) < reversals;
  } else {
    const ours = ourInvoice(document);
    same = byEntry.filter(
      (d) =>
        d.cancelStatus !== 'csCancellation' &&
        d.party === ours.party &&
        theirNet(d, ours.foreign) === ours.cents,
    );
    cancelled = (d) => d.cancelStatus === 'csYes';
  }
  const standing = same.find((d) => !cancelled(d));
  if (standing) return { state: 'found', ref: ref(standing) };
  if (same.length)
    return {
      state: 'conflict',
      message: `SAP holds ${named(same[0]!)} with key ${key} for it, cancelled in SAP: check Reconciliation before posting it again.`,
    };
  const other = byEntry.find((d) => d.cancelStatus !== 'csCancellation') ?? byEntry[0]!;
  return {
    state: 'conflict',
    message: `SAP already holds ${named(other)} with key ${key} for another record: check Reconciliation.`,
  };
}

/** Judges `document` against what SAP holds under any of `keys` (its key, and the keys of earlier tries). */
export function judgeKeys(
  document: SapDocument,
  keys: readonly string[],
  found: Map<string, SapRangeDocument[]>,
): KeyLookup {
  let first: KeyLookup = { state: 'absent' };
  for (const key of keys) {
    const verdict = judge(document, key, found.get(normal(key)) ?? []);
    if (verdict.state === 'found') return verdict;
    if (first.state === 'absent') first = verdict;
  }
  return first;
}

/** Looks `keys` up for one document now and judges them (one request for up to KEYS_PER_LOOKUP keys). */
export async function lookUpKeys(sap: SapGateway, document: SapDocument, keys: readonly string[]) {
  return judgeKeys(document, keys, await documentsOfKeys(sap, document, keys));
}

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
  /** The claimable rows' current keys (posting-claims.repository.ts), read before their claim. */
  repository: { freshKeys(step: PostingStep, ids: number[]): Promise<Map<number, string>> };
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
