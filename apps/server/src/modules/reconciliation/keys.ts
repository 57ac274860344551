import { idempotencyKeyOf, kindOfCode, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';

/** The record step and posting generation an idempotency key names. */
export type DecodedKey = { kind: RecordKindName; recordId: number; generation: number };

/**
 * What our keys start with in SAP, per entity set: journals `FF-`; invoices `FS` (decision 018), and the keys
 * written before migration 0012, `FFSI` then `FR<gen>-` after a reversal.
 */
export const KEY_PREFIXES = {
  JournalEntries: ['FF-'],
  Invoices: ['FS', 'FFSI', 'FR'],
} as const;

const JOURNAL_KEY = /^FF-([A-Z]+)-(\d{1,10})(?:-R(\d{1,6}))?$/;
const INVOICE_KEY = /^FFSI(\d{1,10})$/;
const INVOICE_GENERATION_KEY = /^FR([0-9A-Z]{1,2})-([0-9A-Z]{1,7})$/;

/**
 * The record step and generation behind a key written before migration 0012, from the serial id (packages/contract
 * kinds.ts `idempotencyKeyOf` read backwards), or undefined when it is not exactly such a key: `FF-CA-12` is cash
 * advance 12, generation 1; `FF-SJ-1042-R2` its second posting; `FR2-T0` sales invoice 1044, generation 2. Keys
 * since (from the source id, decision 018) are found in the database: key-records.repository.ts.
 */
export function decodeLegacyKey(key: string): DecodedKey | undefined {
  let decoded: DecodedKey | undefined;
  const journal = JOURNAL_KEY.exec(key);
  const invoice = INVOICE_KEY.exec(key);
  const regenerated = INVOICE_GENERATION_KEY.exec(key);
  if (journal) {
    const kind = kindOfCode(journal[1]!);
    if (kind)
      decoded = { kind, recordId: Number(journal[2]), generation: journal[3] ? Number(journal[3]) : 1 };
  } else if (invoice) {
    decoded = { kind: 'salesInvoice', recordId: Number(invoice[1]), generation: 1 };
  } else if (regenerated) {
    decoded = {
      kind: 'salesInvoice',
      recordId: parseInt(regenerated[2]!, 36),
      generation: parseInt(regenerated[1]!, 36),
    };
  }
  // Only the canonical spelling counts (no leading zeros, no `-R1`): what we would have written ourselves.
  if (!decoded || decoded.recordId < 1) return undefined;
  return idempotencyKeyOf(decoded.kind, decoded.recordId, decoded.generation) === key ? decoded : undefined;
}

/** The SAP entity set a kind posts to. */
export const entityOf = (kind: RecordKindName) => RECORD_KINDS_PLAIN[kind].sap.entity;
