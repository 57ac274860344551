import { RECORD_KINDS, type PostBodyOf, type RecordRowOf } from './record-kinds.js';

/**
 * The spec's record kinds' list rows and post bodies by name (docs/spec/product-spec.md section 3): each is the
 * registry's schema (record-kinds.ts, built from the kind's entry in kinds.ts). Money and quantities travel as
 * exact decimal strings ('12500.00', '40.000'); null shows as 'N/A'. `status` is 'unposted' or 'failed' (with
 * lastError) for rows still to post. A new kind needs no name here: `RECORD_KINDS[name]`, `RecordRowOf<K>`.
 */
export const salesInvoiceRow = RECORD_KINDS.salesInvoice.row;
export type SalesInvoiceRow = RecordRowOf<'salesInvoice'>;
export const firstJournalRow = RECORD_KINDS.firstJournal.row;
export type FirstJournalRow = RecordRowOf<'firstJournal'>;
/**
 * Beside the spec's fields: when the first journal was posted, and its posting day ('yyyy-MM-dd'), the earliest
 * the second may carry (issue 11).
 */
export const secondJournalRow = RECORD_KINDS.secondJournal.row;
export type SecondJournalRow = RecordRowOf<'secondJournal'>;
export const cashAdvanceRow = RECORD_KINDS.cashAdvance.row;
export type CashAdvanceRow = RecordRowOf<'cashAdvance'>;
export const fuelAdvanceRow = RECORD_KINDS.fuelAdvance.row;
export type FuelAdvanceRow = RecordRowOf<'fuelAdvance'>;
export const vasTransactionRow = RECORD_KINDS.vasTransaction.row;
export type VasTransactionRow = RecordRowOf<'vasTransaction'>;

export const postSalesInvoicesBody = RECORD_KINDS.salesInvoice.body;
export type PostSalesInvoicesBody = PostBodyOf<'salesInvoice'>;
/**
 * `allowDuplicateSupplierInvoice` (issue 11): the user confirmed posting a supplier invoice number already used
 * for the same transporter (the row's "Post anyway"); without it such a row is refused.
 */
export const postFirstJournalBody = RECORD_KINDS.firstJournal.body;
export type PostFirstJournalBody = PostBodyOf<'firstJournal'>;
export const postSecondJournalBody = RECORD_KINDS.secondJournal.body;
export type PostSecondJournalBody = PostBodyOf<'secondJournal'>;
export const postCashAdvancesBody = RECORD_KINDS.cashAdvance.body;
export type PostCashAdvancesBody = PostBodyOf<'cashAdvance'>;
export const postFuelAdvancesBody = RECORD_KINDS.fuelAdvance.body;
export type PostFuelAdvancesBody = PostBodyOf<'fuelAdvance'>;
export const postVasTransactionsBody = RECORD_KINDS.vasTransaction.body;
export type PostVasTransactionsBody = PostBodyOf<'vasTransaction'>;
