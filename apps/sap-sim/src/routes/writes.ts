import type { SimContext } from '../context.js';
import { ENTITY_SETS } from '../entities.js';
import { entityEnvelope, renderEntity } from '../odata/format.js';
import type { DocumentSetName, EntityRecord, PostingMeta, StoredDocument } from '../records.js';
import {
  INVOICE_KIND,
  PURCHASE_INVOICE_KIND,
  prepareDocument,
  type DocumentKind,
} from '../validation/document.js';
import { prepareJournalEntry } from '../validation/journal-entry.js';
import { parseJsonObject } from '../validation/payload.js';
import { bump } from '../stats.js';
import type { SlReply, SlRequest } from './types.js';

/** POST on JournalEntries / Invoices / PurchaseInvoices. */
function created(
  context: SimContext,
  request: SlRequest,
  entitySet: DocumentSetName,
  entity: EntityRecord,
): SlReply {
  const type = ENTITY_SETS[entitySet];
  const key = entity[type.key];
  bump(context.stats.created, entitySet);
  return {
    status: 201,
    headers: { location: `${request.root}/${entitySet}(${String(key)})` },
    body: entityEnvelope(
      request.version,
      request.root,
      entitySet,
      renderEntity(entity, type, request.version),
    ),
    committedWrite: true,
  };
}

/** Stores the document (the caller commits); only called once every check has passed. */
export function store(
  context: SimContext,
  entitySet: DocumentSetName,
  entity: EntityRecord,
  meta: Partial<PostingMeta> = {},
): StoredDocument {
  const document: StoredDocument = {
    entity,
    meta: { postedAt: new Date().toISOString(), cancelled: false, ...meta },
  };
  context.store.data.documents[entitySet].push(document);
  return document;
}

/** Gives an unnumbered journal entry the next JdtNum and Number. */
export function numberJournalEntry(context: SimContext, entity: EntityRecord): EntityRecord {
  const counters = context.store.data.counters;
  return { JdtNum: counters.nextJdtNum++, Number: counters.nextJournalNumber++, ...entity };
}

/**
 * Gives an unnumbered document its DocEntry and DocNum (first), and TransNum (last): the document's own journal
 * entry takes the next JdtNum, though the simulator does not store it as a JournalEntry. A Reference1 that was
 * the default (the old DocNum, `defaultedFrom`) or missing becomes the new DocNum.
 */
export function numberDocument(
  context: SimContext,
  entitySet: 'Invoices' | 'PurchaseInvoices',
  entity: EntityRecord,
  defaultedFrom?: number,
): EntityRecord {
  const counters = context.store.data.counters;
  const [docEntry, docNum] =
    entitySet === 'Invoices'
      ? [counters.nextInvoiceDocEntry++, counters.nextInvoiceDocNum++]
      : [counters.nextPurchaseDocEntry++, counters.nextPurchaseDocNum++];
  const reference1 = entity.Reference1 ?? null;
  const defaulted =
    reference1 === null || (defaultedFrom !== undefined && reference1 === String(defaultedFrom));
  return {
    DocEntry: docEntry,
    DocNum: docNum,
    ...entity,
    Reference1: defaulted ? String(docNum) : reference1,
    TransNum: counters.nextJdtNum++,
  };
}

/** A document's entity without the numbers SAP gives it, lines copied, ready to be numbered again. */
export function unnumbered(entity: EntityRecord): EntityRecord {
  const {
    JdtNum: _jdtNum,
    Number: _number,
    DocEntry: _docEntry,
    DocNum: _docNum,
    TransNum: _transNum,
    ...rest
  } = structuredClone(entity);
  return rest;
}

/**
 * A document's status fields: open (as posted), cancelled (the original once a Cancel closed it), or the
 * cancellation document a Cancel adds (closed, never cancellable).
 */
export const DOCUMENT_STATUS = {
  open: { DocumentStatus: 'bost_Open', Cancelled: 'tNO', CancelStatus: 'csNo' },
  cancelled: { DocumentStatus: 'bost_Close', Cancelled: 'tYES', CancelStatus: 'csYes' },
  cancellation: { DocumentStatus: 'bost_Close', Cancelled: 'tNO', CancelStatus: 'csCancellation' },
} as const;

/** A new document copied from `entity` (lines included) in `status`, numbered anew in its series. */
export function renumberedCopy(
  context: SimContext,
  entitySet: 'Invoices' | 'PurchaseInvoices',
  entity: EntityRecord,
  status: (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS],
): EntityRecord {
  return numberDocument(context, entitySet, { ...unnumbered(entity), ...status }, entity.DocNum as number);
}

export function createJournalEntry(context: SimContext, request: SlRequest): SlReply {
  const prepared = prepareJournalEntry(parseJsonObject(request.body), context.store.data, context.today());
  const entity = numberJournalEntry(context, prepared);
  store(context, 'JournalEntries', entity);
  context.store.commit();
  return created(context, request, 'JournalEntries', entity);
}

const KINDS: Record<'Invoices' | 'PurchaseInvoices', DocumentKind> = {
  Invoices: INVOICE_KIND,
  PurchaseInvoices: PURCHASE_INVOICE_KIND,
};

export function createDocument(
  context: SimContext,
  request: SlRequest,
  entitySet: 'Invoices' | 'PurchaseInvoices',
): SlReply {
  const { data } = context.store;
  const prepared = prepareDocument(parseJsonObject(request.body), KINDS[entitySet], data, context.today());
  const entity = numberDocument(context, entitySet, prepared);
  store(context, entitySet, entity);
  context.store.commit();
  return created(context, request, entitySet, entity);
}
