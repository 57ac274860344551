import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';

/**
 * The idempotency key a record step's posting carries into SAP (decision 018): derived from what survives a
 * database restore and tells records apart across installations, the kind and the trip system's source id (and the
 * generation), never from our serial id, which a restored or second database hands out again.
 *
 * - journals (`Reference3`, 27 characters): `FF-<code>-K<13 characters>`, then `-R<generation>` from the second
 *   posting on (`FF-CA-KQ3J0D5W8ZB1TA-R2`), at most 27 characters up to generation 9999;
 * - A/R invoices (`Reference2`, 11 characters): `FS<9 characters>`, the generation inside the hash.
 *
 * The characters are the first ones of the SHA-256 of `<code>\x1F<source id>[\x1F<generation>]` in base64, with
 * `+` and `/` written `8` and `9` and upper-cased (SAP's reference fields compare without case on SQL Server):
 * about 5.2 bits each, so 67 bits for a journal and 46 for an invoice. The database computes the same text in
 * each table's generated `posting_key` column (`postingKeySql`, the function `ff_key_hash` of migration 0012);
 * this is its mirror for tests and tools, checked against it (posting-key.int.test.ts).
 */
export const JOURNAL_KEY_HASH_LENGTH = 13;
export const INVOICE_KEY_HASH_LENGTH = 9;
export const INVOICE_KEY_PREFIX = 'FS';
/** The letter that starts the hash of a journal key: keys written before migration 0012 have digits there. */
export const JOURNAL_KEY_MARK = 'K';

const isInvoice = (kind: RecordKindName) => RECORD_KINDS_PLAIN[kind].sap.referenceField === 'Reference2';
const SEPARATOR = '\u001f';

/** The key text's hash part: base64 of SHA-256, `+/` as `89`, upper case, cut to `length`. */
export function keyHash(text: string, length: number): string {
  const base64 = createHash('sha256').update(text, 'utf8').digest('base64').slice(0, length);
  return base64.replace(/\+/g, '8').replace(/\//g, '9').toUpperCase();
}

/** The key of the posting of a record step (kind, source id) in its `generation` (1, then one more per reversal). */
export function postingKeyOf(kind: RecordKindName, sourceId: string, generation = 1): string {
  const { code } = RECORD_KINDS_PLAIN[kind];
  if (isInvoice(kind))
    return `${INVOICE_KEY_PREFIX}${keyHash(`${code}${SEPARATOR}${sourceId}${SEPARATOR}${generation}`, INVOICE_KEY_HASH_LENGTH)}`;
  const base = `FF-${code}-${JOURNAL_KEY_MARK}${keyHash(`${code}${SEPARATOR}${sourceId}`, JOURNAL_KEY_HASH_LENGTH)}`;
  return generation > 1 ? `${base}-R${generation}` : base;
}

/**
 * The generated column's expression: `postingKeyOf` over the row's own `source_id` and the step's generation
 * column (`generation`, or `fj_generation` on the transporter table).
 */
export function postingKeySql(kind: RecordKindName, generationColumn: string): SQL {
  const { code } = RECORD_KINDS_PLAIN[kind];
  const generation = sql.raw(`CAST("${generationColumn}" AS text)`);
  const codeText = sql.raw(`'${code}'`);
  if (isInvoice(kind))
    return sql`${sql.raw(`'${INVOICE_KEY_PREFIX}'`)} || ff_key_hash(${codeText} || chr(31) || "source_id" || chr(31) || ${generation}, ${sql.raw(String(INVOICE_KEY_HASH_LENGTH))})`;
  return sql`${sql.raw(`'FF-${code}-${JOURNAL_KEY_MARK}'`)} || ff_key_hash(${codeText} || chr(31) || "source_id", ${sql.raw(String(JOURNAL_KEY_HASH_LENGTH))}) || CASE WHEN ${sql.raw(`"${generationColumn}"`)} > 1 THEN '-R' || ${generation} ELSE '' END`;
}
