import pLimit from 'p-limit';
import type { SapDocument, SapDocumentRef, SapGateway, SapRangeDocument } from '../../erp/sap-gateway.js';

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

/** Our invoice's business partner and total (its lines' totals). */
function ourInvoice(document: SapDocument) {
  const lines = (document.payload.DocumentLines as Record<string, unknown>[] | undefined) ?? [];
  return {
    party: String(document.payload.CardCode ?? ''),
    cents: lines.reduce((sum, l) => sum + cents(l.LineTotal), 0),
  };
}

/**
 * What SAP's documents under `key` mean for `document`: none, ours (same lines, or same partner and total) and
 * standing, or a conflict: ours but cancelled in SAP (a restore forgot the reversal), or another record's.
 */
export function judge(document: SapDocument, key: string, theirs: readonly SapRangeDocument[]): KeyLookup {
  if (!theirs.length) return { state: 'absent' };
  const ref = (d: SapRangeDocument): SapDocumentRef => ({ docEntry: d.docEntry, docNum: d.docNum });
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
      (d) => d.cancelStatus !== 'csCancellation' && d.party === ours.party && cents(d.total) === ours.cents,
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
