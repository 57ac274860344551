import type { z } from 'zod';
import { RECORD_KINDS_PLAIN, type RecordKindName } from './kinds.js';
import {
  postCashAdvancesBody,
  postFirstJournalBody,
  postFuelAdvancesBody,
  postSalesInvoicesBody,
  postSecondJournalBody,
  postVasTransactionsBody,
} from './posting.js';
import {
  cashAdvanceRow,
  firstJournalRow,
  fuelAdvanceRow,
  salesInvoiceRow,
  secondJournalRow,
  vasTransactionRow,
} from './records.js';

/**
 * The record-kind registry with its zod schemas: each entry of `RECORD_KINDS_PLAIN` (kinds.ts) plus the list
 * row schema and the post body schema. The server validates with these; the web, which stays zod-free, reads
 * `RECORD_KINDS_PLAIN`. A contract test checks that each entry's `rowFields` and `post.fields` name exactly
 * the fields of its schemas.
 */
const schemas = {
  salesInvoice: { row: salesInvoiceRow, body: postSalesInvoicesBody },
  firstJournal: { row: firstJournalRow, body: postFirstJournalBody },
  secondJournal: { row: secondJournalRow, body: postSecondJournalBody },
  cashAdvance: { row: cashAdvanceRow, body: postCashAdvancesBody },
  fuelAdvance: { row: fuelAdvanceRow, body: postFuelAdvancesBody },
  vasTransaction: { row: vasTransactionRow, body: postVasTransactionsBody },
} as const satisfies Record<RecordKindName, { row: z.ZodType; body: z.ZodType }>;

type Schemas = typeof schemas;

export type RecordKind<K extends RecordKindName = RecordKindName> = (typeof RECORD_KINDS_PLAIN)[K] &
  Schemas[K];

export const RECORD_KINDS = Object.fromEntries(
  (Object.keys(RECORD_KINDS_PLAIN) as RecordKindName[]).map((name) => [
    name,
    { ...RECORD_KINDS_PLAIN[name], ...schemas[name] },
  ]),
) as { [K in RecordKindName]: RecordKind<K> };

/** A kind's list row and post body, as the wire carries them. */
export type RecordRowOf<K extends RecordKindName> = z.infer<Schemas[K]['row']>;
export type PostBodyOf<K extends RecordKindName> = z.infer<Schemas[K]['body']>;
export type PostEntryOf<K extends RecordKindName> = PostBodyOf<K>['postSap'][number];
