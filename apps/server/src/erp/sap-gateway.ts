/**
 * What the posting engine needs from SAP, in its own words. The Service Layer client (src/erp) is adapted
 * to this in app.ts, so the protocol below can be read and tested on its own terms.
 */
export type SapDocumentRef = {
  docEntry: number | null;
  docNum: number | null;
  /**
   * SAP's VAT and gross of a created or found invoice sent with a VAT group, in the document's currency
   * (erp/document-totals.ts); absent for journal entries and whenever SAP did not answer them.
   */
  totals?: SapDocumentTotals | null;
};

/** What SAP computed for a document, as decimal text ('197.53'): its VAT and its gross (net + VAT). */
export type SapDocumentTotals = { vat: string; gross: string };

/** An invoice's VAT and gross as SAP answered them: local (VatSum, DocTotal) and foreign (VatSumFc, DocTotalFc). */
export type SapInvoiceTotals = { local: SapDocumentTotals | null; foreign: SapDocumentTotals | null };

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
  // --- Reversal (issue 11, modules/reversal) ---
  /** SAP's own cancellation of a posted document (`<Entity>(<DocEntry>)/Cancel`); throws SapPostingFailure. */
  cancel(target: SapCancelTarget): Promise<void>;
  /**
   * The cancellation SAP holds for that document (the reversal entry of a journal, the cancellation document of
   * an invoice), found by the posting's key; null when the document is not cancelled.
   */
  findCancellation(target: SapCancelTarget, key: string): Promise<SapDocumentRef | null>;
  // --- end reversal ---
  // --- Reconciliation (issue 11, modules/reconciliation) ---
  /**
   * Every document of `entity` whose posting date (ReferenceDate / DocDate) is in [fromDate, toDate] and whose
   * reference field starts with one of `prefixes` (our keys), read page by page; throws SapPostingFailure.
   */
  documentsInRange(
    entity: 'JournalEntries' | 'Invoices',
    referenceField: 'Reference2' | 'Reference3',
    range: { fromDate: string; toDate: string; prefixes: readonly string[] },
  ): Promise<SapRangeDocument[]>;
  /**
   * Every document of `entity` whose reference field is exactly one of `keys`, whatever its date, in one
   * request (`Reference3 eq 'FF-CA-6' or Reference3 eq 'FF-CA-7'`) read page by page; throws SapPostingFailure.
   */
  documentsByKeys(
    entity: 'JournalEntries' | 'Invoices',
    referenceField: 'Reference2' | 'Reference3',
    keys: readonly string[],
  ): Promise<SapRangeDocument[]>;
  // --- end reconciliation ---
  // --- Posting periods (issue 11, modules/posting-periods) ---
  /** SAP's finance periods (`CompanyService_GetFinancePeriods`) in our words; throws SapPostingFailure. */
  financePeriods(): Promise<SapFinancePeriod[]>;
  // --- end posting periods ---
  // --- Currencies (issue 25, docs/decisions/024-currencies.md) ---
  /** SAP's local currency (`CompanyService_GetAdminInfo`'s LocalCurrency, e.g. 'KES'); throws SapPostingFailure. */
  localCurrency(): Promise<string>;
  /**
   * Local currency per one unit of `currency` on `day` in SAP's exchange rates (`SBOBobService_GetCurrencyRate`),
   * as a decimal string; null when SAP has no rate for that day. Throws SapPostingFailure when SAP cannot say.
   */
  currencyRate(currency: string, day: string): Promise<string | null>;
  // --- end currencies ---
  // --- VAT (issue 25) ---
  /** SAP's VAT groups (`VatGroups`); throws SapPostingFailure. */
  vatGroups(): Promise<SapVatGroup[]>;
  /** A business partner's own VAT group (its `VatGroup`), or null when SAP has none set; throws SapPostingFailure. */
  partnerVatGroup(cardCode: string): Promise<string | null>;
  // --- end VAT ---
  // --- Branches (issue 25) ---
  /**
   * Whether the company uses branches (AdminInfo's EnableBranches) and, when it does, its branches
   * (`BusinessPlaces`); throws SapPostingFailure.
   */
  branches(): Promise<{ enabled: boolean; branches: SapBranch[] }>;
  // --- end branches ---
  // --- Distribution rules (issue 25) ---
  /** SAP's distribution rules (`DistributionRules`): code, dimension and active; throws SapPostingFailure. */
  distributionRules(): Promise<SapDistributionRule[]>;
  // --- end distribution rules ---
};

/** One of SAP's distribution rules (a cost centre): its FactorCode, dimension (1-5) and whether it is active. */
export type SapDistributionRule = { code: string; dimension: number; active: boolean };

/** One of SAP's branches: its BPLID, whether it is the main one and whether it is disabled. */
export type SapBranch = { id: number; main: boolean; disabled: boolean };

/** One of SAP's VAT groups: its code, whether it is for sales (output) or purchases (input), and active. */
export type SapVatGroup = {
  code: string;
  category: 'output' | 'input';
  active: boolean;
  /** Its name, and its rates (percent) each with the day it takes effect ('yyyy-MM-dd'), as SAP lists them. */
  name?: string;
  rates?: { from: string; rate: number }[];
};

// --- Posting periods (issue 11, modules/posting-periods) ---
/**
 * One finance period: `code` SAP's PeriodCode ('2026-10'), its posting days, and whether SAP takes postings in
 * it: `locked` (Locked tYES or ltLocked), `closed` (ltPeriodClosing), else `open`.
 */
export type SapFinancePeriod = {
  code: string;
  name: string;
  from: string;
  to: string;
  status: 'open' | 'locked' | 'closed';
};
// --- end posting periods ---

// --- Reconciliation (issue 11, modules/reconciliation) ---
/** A SAP document as a reconciliation compares it (money as SAP answers it: numbers, turned into cents there). */
export type SapRangeDocument = {
  docEntry: number | null;
  docNum: number | null;
  /** The reference field's value: our idempotency key. */
  reference: string;
  /** Its posting date, 'YYYY-MM-DD' (ReferenceDate of a journal entry, DocDate of an invoice). */
  date: string | null;
  /**
   * A journal entry's lines (account or partner, debit, credit, and the debit in the line's foreign currency,
   * FCDebit: 0 on a local line); empty for an invoice.
   */
  lines: { account: string; debit: number; credit: number; fcDebit?: number }[];
  /** An invoice's DocTotal (local currency); null for a journal entry. */
  total: number | null;
  /** An invoice's DocTotalFc (its foreign currency's total; 0 for a local one); null for a journal entry. */
  totalFc?: number | null;
  /** An invoice's VAT (VatSum, local; VatSumFc, foreign): its total less these is its net; null for a journal entry. */
  vat?: number | null;
  vatFc?: number | null;
  /** An invoice's VAT and gross as SAP answered them (null where it did not); absent for a journal entry. */
  invoiceTotals?: SapInvoiceTotals;
  /** An invoice's CancelStatus (csNo, csYes, csCancellation); null for a journal entry. */
  cancelStatus: string | null;
  /** An invoice's business partner (CardCode); null for a journal entry. */
  party: string | null;
};
// --- end reconciliation ---

/** A posted document to cancel: its entity set, the field holding our key, and SAP's DocEntry (JdtNum). */
export type SapCancelTarget = Pick<SapDocument, 'entity' | 'referenceField'> & { docEntry: number };

/** SAP's keys of a document, for audit text: `DocEntry 12, DocNum 40`. */
export function sapRef(ref: SapDocumentRef): string {
  return `DocEntry ${ref.docEntry ?? '?'}, DocNum ${ref.docNum ?? '?'}`;
}
