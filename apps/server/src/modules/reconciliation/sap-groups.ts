import type { SapRangeDocument } from '../../erp/sap-gateway.js';
import type { OurPosting } from './sides.js';

/**
 * SAP's side of a reconciliation, pure: its documents grouped by our key (with SAP's cancellations read as
 * such), and which keys to look at beyond the range.
 */

export type TheirDocument = SapRangeDocument & { entity: 'JournalEntries' | 'Invoices' };

/** The documents carrying one key: the originals (each cancelled or not) and the cancellation documents. */
export type KeyGroup = { originals: { document: TheirDocument; cancelled: boolean }[] };

const signature = (lines: SapRangeDocument['lines'], swapped: boolean) =>
  lines.map((l) => `${l.account}|${swapped ? l.credit : l.debit}|${swapped ? l.debit : l.credit}`).join(';');

/**
 * SAP's documents by key. A journal entry whose lines are an earlier entry's with debit and credit swapped is that
 * entry's reversal (what Cancel posts, with the same Reference3): it marks the earlier one cancelled. An invoice
 * with CancelStatus csCancellation is a cancellation document; csYes marks the original cancelled.
 */
export function groupByKey(theirs: TheirDocument[]): Map<string, KeyGroup> {
  const byKey = new Map<string, TheirDocument[]>();
  for (const document of theirs) {
    if (!document.reference) continue;
    byKey.set(document.reference, [...(byKey.get(document.reference) ?? []), document]);
  }
  const groups = new Map<string, KeyGroup>();
  for (const [key, documents] of byKey) {
    const originals: KeyGroup['originals'] = [];
    const sorted = [...documents].sort((a, b) => (a.docEntry ?? 0) - (b.docEntry ?? 0));
    for (const document of sorted) {
      if (document.entity === 'Invoices') {
        if (document.cancelStatus === 'csCancellation') continue;
        originals.push({ document, cancelled: document.cancelStatus === 'csYes' });
        continue;
      }
      const reversed = originals.find(
        (o) =>
          !o.cancelled &&
          o.document.entity === 'JournalEntries' &&
          signature(o.document.lines, true) === signature(document.lines, false),
      );
      if (reversed) reversed.cancelled = true;
      else originals.push({ document, cancelled: false });
    }
    groups.set(key, { originals });
  }
  return groups;
}

export const inRange = (day: string | null, range: { fromDate: string; toDate: string }) =>
  day !== null && day >= range.fromDate && day <= range.toDate;

/** Keys SAP holds in the range (a standing document dated in it) that no posting of ours carries. */
export function keysOnlyInSap(
  ours: OurPosting[],
  groups: Map<string, KeyGroup>,
  range: { fromDate: string; toDate: string },
): string[] {
  const known = new Set(ours.map((o) => o.key));
  return [...groups]
    .filter(
      ([key, group]) =>
        !known.has(key) && group.originals.some((o) => !o.cancelled && inRange(o.document.date, range)),
    )
    .map(([key]) => key);
}

/**
 * Our keys for which SAP showed no document at all (none in the range and its margin): before calling them
 * missing, they are looked up in SAP whatever their date (a document moved far away still carries the key).
 */
export function keysWithoutDocuments(ours: OurPosting[], groups: Map<string, KeyGroup>): OurPosting[] {
  const seen = new Set<string>();
  return ours.filter((o) => {
    if (seen.has(o.key) || groups.get(o.key)?.originals.length) return false;
    seen.add(o.key);
    return true;
  });
}
