/**
 * What the posting engine needs from SAP, in its own words. The Service Layer client (src/erp) is adapted
 * to this in app.ts, so the protocol below can be read and tested on its own terms.
 */
export type SapDocumentRef = { docEntry: number | null; docNum: number | null };

export type SapDocument = {
  entity: 'JournalEntries' | 'Invoices' | 'PurchaseInvoices';
  /** The header field that carries the idempotency key (Reference3 on journals, Reference2 on invoices). */
  referenceField: 'Reference2' | 'Reference3';
  payload: Record<string, unknown>;
};

/**
 * - `refused`: SAP answered and did not create the document (safe to show and to fix and retry);
 * - `unknown`: the document may or may not exist (reply lost, timeout, 5xx after sending);
 * - `unreachable`: the request never reached SAP (connection refused, login failed).
 */
export type SapFailureKind = 'refused' | 'unknown' | 'unreachable';

export class SapPostingFailure extends Error {
  constructor(
    readonly kind: SapFailureKind,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SapPostingFailure';
  }
}

export type SapGateway = {
  /** Creates the document; throws SapPostingFailure. */
  create(document: SapDocument): Promise<SapDocumentRef>;
  /** The document carrying `key` in its reference field, or null when SAP has none. */
  findByReference(
    document: Pick<SapDocument, 'entity' | 'referenceField'>,
    key: string,
  ): Promise<SapDocumentRef | null>;
};

/** SAP's keys of a document, for audit text: `DocEntry 12, DocNum 40`. */
export function sapRef(ref: SapDocumentRef): string {
  return `DocEntry ${ref.docEntry ?? '?'}, DocNum ${ref.docNum ?? '?'}`;
}
