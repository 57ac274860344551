import { ControlError } from '../config.js';
import type { SimContext } from '../context.js';
import { parseSapDate, periodOf } from '../dates.js';
import { ENTITY_SETS } from '../entities.js';
import { SapError } from '../errors.js';
import { fromCents, fromMicros, toCents, toMicros, unitPriceMicros } from '../money.js';
import type { DocumentSetName, EntityRecord, StoredDocument } from '../records.js';
import { cancelStored, isCancellation } from './cancel.js';
import { DOCUMENT_STATUS, numberJournalEntry, renumberedCopy, store, unnumbered } from './writes.js';

/**
 * /__sim/documents/* controls: what an operator (or a bug) can do to SAP's documents behind our back, so tests
 * can create every difference a reconciliation must find. A document is addressed by our idempotency key: the
 * reference SAP keeps it in (Reference3 on journal entries, Reference2 on invoices and purchase invoices).
 */
const SETS: readonly DocumentSetName[] = ['JournalEntries', 'Invoices', 'PurchaseInvoices'];

export const KEY_REFERENCE: Readonly<Record<DocumentSetName, string>> = {
  JournalEntries: 'Reference3',
  Invoices: 'Reference2',
  PurchaseInvoices: 'Reference2',
};

/** A stored document as /__sim/documents lists it: the entity (dates `yyyy-MM-dd`) and the simulator's meta. */
export function readBack(document: StoredDocument): Record<string, unknown> {
  return { ...document.entity, ...document.meta };
}

interface Found {
  entitySet: DocumentSetName;
  document: StoredDocument;
  key: number;
}

/** The body as an object with a non-empty `reference` and no keys beyond `allowed`. */
function parseBody(
  body: unknown,
  allowed: readonly string[] = [],
): Record<string, unknown> & { reference: string } {
  const usage = `Give {reference: '<the key in ${KEY_REFERENCE.JournalEntries} or ${KEY_REFERENCE.Invoices}>'${allowed
    .map((key) => `, ${key}?`)
    .join('')}}`;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ControlError(usage);
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (key !== 'reference' && !allowed.includes(key))
      throw new ControlError(`Unknown key '${key}'; ${usage}`);
  }
  if (typeof fields.reference !== 'string' || fields.reference === '') throw new ControlError(usage);
  return fields as Record<string, unknown> & { reference: string };
}

function carrying(context: SimContext, reference: string): Found[] {
  return SETS.flatMap((entitySet) =>
    context.store.data.documents[entitySet]
      .filter((document) => document.entity[KEY_REFERENCE[entitySet]] === reference)
      .map((document) => ({
        entitySet,
        document,
        key: document.entity[ENTITY_SETS[entitySet].key] as number,
      })),
  );
}

/** The non-cancellation document carrying the reference with the lowest key (journal entries first). */
function originalOf(context: SimContext, reference: string): Found {
  const all = carrying(context, reference);
  if (all.length === 0) throw new ControlError(`No document carries the reference '${reference}'`);
  const originals = all.filter((found) => !isCancellation(found.document));
  const [first] = originals.sort(
    (a, b) => SETS.indexOf(a.entitySet) - SETS.indexOf(b.entitySet) || a.key - b.key,
  );
  if (!first) {
    throw new ControlError(
      `Only reversal entries or cancellation documents carry the reference '${reference}'`,
    );
  }
  return first;
}

/** `{reference}` -> `{deleted: n}`: every document carrying it is gone ("posted here, missing in SAP"). */
export function deleteDocuments(context: SimContext, body: unknown): { deleted: number } {
  const { reference } = parseBody(body);
  const found = carrying(context, reference);
  if (found.length === 0) throw new ControlError(`No document carries the reference '${reference}'`);
  const { documents } = context.store.data;
  for (const entitySet of SETS) {
    documents[entitySet] = documents[entitySet].filter(
      (document) => document.entity[KEY_REFERENCE[entitySet]] !== reference,
    );
  }
  context.store.commit();
  return { deleted: found.length };
}

/** `{reference}` -> the original cancelled as `.../Cancel` does, whatever its period's status. */
export function cancelDocument(
  context: SimContext,
  body: unknown,
): { cancelled: number; entitySet: DocumentSetName; cancellation: number } {
  const { reference } = parseBody(body);
  const { entitySet, document, key } = originalOf(context, reference);
  try {
    const cancellation = cancelStored(context, entitySet, document, { checkPeriod: false });
    context.store.commit();
    return { cancelled: key, entitySet, cancellation };
  } catch (error) {
    if (error instanceof SapError) throw new ControlError(error.message);
    throw error;
  }
}

/** `{reference}` -> a second copy of the original, new numbers, open and not cancelled. */
export function duplicateDocument(
  context: SimContext,
  body: unknown,
): { key: number; entitySet: DocumentSetName } {
  const { reference } = parseBody(body);
  const { entitySet, document } = originalOf(context, reference);
  const copy =
    entitySet === 'JournalEntries'
      ? numberJournalEntry(context, unnumbered(document.entity))
      : renumberedCopy(context, entitySet, document.entity, DOCUMENT_STATUS.open);
  store(context, entitySet, copy);
  context.store.commit();
  return { key: copy[ENTITY_SETS[entitySet].key] as number, entitySet };
}

/** `'123.45'` or 123.45 -> 12345 cents; more than 2 decimals, negative, zero or huge is refused. */
function amountCents(value: unknown): number {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text) || toCents(Number(text)) <= 0) {
    throw new ControlError("amount must be a decimal string greater than zero, e.g. '123.45'");
  }
  return toCents(Number(text));
}

function dateOf(context: SimContext, value: unknown): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseSapDate(value) : undefined;
  if (!date) throw new ControlError("date must be a real day 'yyyy-MM-dd'");
  if (!context.store.data.periods.has(periodOf(date))) {
    throw new ControlError(`No posting period is defined for ${date}`);
  }
  return date;
}

/**
 * Journal entries: every non-zero side becomes the amount (our journals have two lines). A line in a foreign
 * currency (FCCurrency) takes it in that currency (FCDebit/FCCredit), as a user correcting the entry in SAP
 * would type it; its local side stays.
 */
function alterJournalAmount(entity: EntityRecord, cents: number): void {
  for (const line of entity.JournalEntryLines as EntityRecord[]) {
    const [debit, credit] =
      typeof line.FCCurrency === 'string' ? ['FCDebit', 'FCCredit'] : ['Debit', 'Credit'];
    if (line[debit] !== 0) line[debit] = fromCents(cents);
    if (line[credit] !== 0) line[credit] = fromCents(cents);
  }
}

/** Documents: one line is set to quantity 1 at the amount; several are scaled, the last taking the rounding. */
function alterDocumentAmount(entity: EntityRecord, cents: number): void {
  const lines = entity.DocumentLines as EntityRecord[];
  const setLine = (line: EntityRecord, lineCents: number, quantityMicros: number) => {
    const price = fromMicros(unitPriceMicros(lineCents, quantityMicros));
    Object.assign(line, { Price: price, UnitPrice: price, LineTotal: fromCents(lineCents) });
  };
  if (lines.length === 1 && lines[0]) {
    lines[0].Quantity = 1;
    setLine(lines[0], cents, 1_000_000);
  } else {
    const totals = lines.map((line) => toCents(Number(line.LineTotal)));
    const oldTotal = totals.reduce((sum, total) => sum + total, 0);
    let left = cents;
    const shareOf = (index: number): number => {
      if (index === lines.length - 1) return left;
      if (oldTotal === 0) return index === 0 ? cents : 0;
      return Math.floor(((totals[index] ?? 0) * cents) / oldTotal);
    };
    lines.forEach((line, index) => {
      const share = shareOf(index);
      left -= share;
      setLine(line, share, toMicros(Number(line.Quantity)));
    });
  }
  entity.DocTotal = fromCents(cents);
}

/**
 * `{reference, amount?, date?}` -> the original with a different amount and/or posting date (its due and tax
 * dates follow), as /__sim/documents lists it ("amount or date different from ours"). A cancelled original is
 * refused: its reversal or cancellation mirrors it as it was.
 */
export function alterDocument(context: SimContext, body: unknown): Record<string, unknown> {
  const fields = parseBody(body, ['amount', 'date']);
  if (fields.amount === undefined && fields.date === undefined) {
    throw new ControlError('Give amount and/or date to alter');
  }
  const cents = fields.amount === undefined ? undefined : amountCents(fields.amount);
  const date = fields.date === undefined ? undefined : dateOf(context, fields.date);
  const { entitySet, document } = originalOf(context, fields.reference);
  // SAP closes a cancelled document: changing it would leave its reversal or cancellation out of step.
  if (document.meta.cancelled) {
    throw new ControlError(
      `The document carrying '${fields.reference}' is cancelled in SAP: its amount and date stay as its cancellation undid them`,
    );
  }
  const { entity } = document;
  const journal = entitySet === 'JournalEntries';
  if (cents !== undefined) {
    if (journal) alterJournalAmount(entity, cents);
    else alterDocumentAmount(entity, cents);
  }
  if (date !== undefined) {
    if (journal) {
      Object.assign(entity, { ReferenceDate: date, DueDate: date, TaxDate: date });
      for (const line of entity.JournalEntryLines as EntityRecord[]) line.DueDate = date;
    } else {
      Object.assign(entity, { DocDate: date, DocDueDate: date, TaxDate: date });
    }
  }
  context.store.commit();
  return readBack(document);
}
