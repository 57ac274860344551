import type { SimContext } from '../context.js';
import { ENTITY_SETS } from '../entities.js';
import { sapError } from '../errors.js';
import { entityEnvelope, renderEntity } from '../odata/format.js';
import type { DocumentSetName, EntityRecord, StoredDocument } from '../records.js';
import {
  INVOICE_KIND,
  PURCHASE_INVOICE_KIND,
  prepareDocument,
  type DocumentKind,
} from '../validation/document.js';
import { prepareJournalEntry, reversalOf } from '../validation/journal-entry.js';
import { requireOpenPeriod } from '../validation/master-data.js';
import { parseJsonObject } from '../validation/payload.js';
import { bump } from '../stats.js';
import type { SlReply, SlRequest } from './types.js';

/** POST on JournalEntries / Invoices / PurchaseInvoices, and their bound Cancel action. */
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

/** Stores the document and writes the state file; only called once every check has passed. */
function store(
  context: SimContext,
  entitySet: DocumentSetName,
  entity: EntityRecord,
  meta = {},
): StoredDocument {
  const document: StoredDocument = {
    entity,
    meta: { postedAt: new Date().toISOString(), cancelled: false, ...meta },
  };
  context.store.data.documents[entitySet].push(document);
  return document;
}

function numberJournalEntry(context: SimContext, entity: EntityRecord): EntityRecord {
  const counters = context.store.data.counters;
  return { JdtNum: counters.nextJdtNum++, Number: counters.nextJournalNumber++, ...entity };
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
  const counters = data.counters;
  const [docEntry, docNum] =
    entitySet === 'Invoices'
      ? [counters.nextInvoiceDocEntry++, counters.nextInvoiceDocNum++]
      : [counters.nextPurchaseDocEntry++, counters.nextPurchaseDocNum++];
  // The document's own journal entry takes the next JdtNum; the simulator does not store it as a JournalEntry.
  const transNum = counters.nextJdtNum++;
  const entity: EntityRecord = {
    DocEntry: docEntry,
    DocNum: docNum,
    ...prepared,
    Reference1: prepared.Reference1 ?? String(docNum),
    TransNum: transNum,
  };
  store(context, entitySet, entity);
  context.store.commit();
  return created(context, request, entitySet, entity);
}

function findStored(context: SimContext, entitySet: DocumentSetName, key: string | number): StoredDocument {
  const type = ENTITY_SETS[entitySet];
  const found = context.store.data.documents[entitySet].find((d) => d.entity[type.key] === key);
  if (!found) throw sapError('keyNotFound');
  return found;
}

/** Cancel posts a reversal entry (journal entries) or closes the document; a second Cancel is refused. */
export function cancel(context: SimContext, entitySet: DocumentSetName, key: string | number): SlReply {
  const document = findStored(context, entitySet, key);
  const label =
    entitySet === 'JournalEntries'
      ? 'Journal entry'
      : entitySet === 'Invoices'
        ? 'Invoice'
        : 'Purchase invoice';
  if (document.meta.reversalOf !== undefined) throw sapError('reversalNotCancellable', { key });
  if (document.meta.cancelled) throw sapError('alreadyCancelled', { entity: label, key });
  const now = new Date().toISOString();
  if (entitySet === 'JournalEntries') {
    requireOpenPeriod(context.store.data, String(document.entity.ReferenceDate));
    const reversal = numberJournalEntry(context, reversalOf(stripNumbers(document.entity)));
    store(context, 'JournalEntries', reversal, { reversalOf: key as number });
    document.meta.reversedBy = reversal.JdtNum as number;
  } else {
    document.entity.Cancelled = 'tYES';
    document.entity.DocumentStatus = 'bost_Close';
  }
  document.meta.cancelled = true;
  document.meta.cancelledAt = now;
  context.store.commit();
  return { status: 204, committedWrite: true };
}

function stripNumbers(entity: EntityRecord): EntityRecord {
  const { JdtNum: _jdtNum, Number: _number, ...rest } = entity;
  return rest;
}
