import type { SimContext } from '../context.js';
import { ENTITY_SETS } from '../entities.js';
import { sapError } from '../errors.js';
import type { DocumentSetName, StoredDocument } from '../records.js';
import { reversalOf } from '../validation/journal-entry.js';
import { requireOpenPeriod } from '../validation/master-data.js';
import type { SlReply } from './types.js';
import { DOCUMENT_STATUS, numberJournalEntry, renumberedCopy, store, unnumbered } from './writes.js';

const LABELS: Record<DocumentSetName, string> = {
  JournalEntries: 'Journal entry',
  Invoices: 'Invoice',
  PurchaseInvoices: 'Purchase invoice',
};

/** The document with this key, or 404 / -2028. */
export function findStored(
  context: SimContext,
  entitySet: DocumentSetName,
  key: string | number,
): StoredDocument {
  const type = ENTITY_SETS[entitySet];
  const found = context.store.data.documents[entitySet].find((d) => d.entity[type.key] === key);
  if (!found) throw sapError('keyNotFound');
  return found;
}

/** A reversal entry (journals) or cancellation document (invoices) a Cancel added: never cancellable. */
export const isCancellation = (document: StoredDocument): boolean =>
  document.meta.reversalOf !== undefined || document.entity.CancelStatus === 'csCancellation';

/**
 * What SAP does on Cancel, once every check has passed; the caller commits. Journal entries get a reversal
 * entry: same dates, memo and references (Reference3 too, so a key look-up finds both), every line's sides
 * swapped. Invoices and purchase invoices get a cancellation document in the same set: new DocEntry, DocNum and
 * TransNum, everything else (partner, dates, NumAtCard, Comments, Reference2, lines, DocTotal) as the
 * original, `CancelStatus: csCancellation`, closed; the original becomes `Cancelled: tYES`, `CancelStatus:
 * csYes`, closed. The period of the original's posting date must be open unless `checkPeriod` is false (an
 * operator's cancel through /__sim).
 * @returns the key of the reversal entry or cancellation document.
 */
export function cancelStored(
  context: SimContext,
  entitySet: DocumentSetName,
  document: StoredDocument,
  options: { checkPeriod: boolean },
): number {
  const type = ENTITY_SETS[entitySet];
  const key = document.entity[type.key] as number;
  if (isCancellation(document)) {
    throw entitySet === 'JournalEntries'
      ? sapError('reversalNotCancellable', { key })
      : sapError('cancellationNotCancellable', { entity: LABELS[entitySet], key });
  }
  if (document.meta.cancelled) throw sapError('alreadyCancelled', { entity: LABELS[entitySet], key });
  const dateProperty = entitySet === 'JournalEntries' ? 'ReferenceDate' : 'DocDate';
  if (options.checkPeriod) requireOpenPeriod(context.store.data, String(document.entity[dateProperty]));

  let cancellationKey: number;
  if (entitySet === 'JournalEntries') {
    const reversal = numberJournalEntry(context, reversalOf(unnumbered(document.entity)));
    store(context, entitySet, reversal, { reversalOf: key });
    cancellationKey = reversal.JdtNum as number;
  } else {
    const cancellation = renumberedCopy(context, entitySet, document.entity, DOCUMENT_STATUS.cancellation);
    store(context, entitySet, cancellation, { reversalOf: key });
    Object.assign(document.entity, DOCUMENT_STATUS.cancelled);
    cancellationKey = cancellation.DocEntry as number;
  }
  document.meta.reversedBy = cancellationKey;
  document.meta.cancelled = true;
  document.meta.cancelledAt = new Date().toISOString();
  return cancellationKey;
}

/** `POST JournalEntries(n)/Cancel`, `Invoices(n)/Cancel`, `PurchaseInvoices(n)/Cancel` -> 204. */
export function cancel(context: SimContext, entitySet: DocumentSetName, key: string | number): SlReply {
  cancelStored(context, entitySet, findStored(context, entitySet, key), { checkPeriod: true });
  context.store.commit();
  return { status: 204, committedWrite: true };
}
