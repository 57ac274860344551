import { RECORD_KIND_CODES } from '@ff/contract';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant } from './columns.js';

/**
 * The posting log and the import API's tokens. The trip record tables live with their kinds, each exported by
 * its folder's index.ts (modules/records/kinds/<kind>/index.ts); drizzle.config.ts lists them beside this schema.
 */

/** The stored kind codes: the registry's `code` of every kind (packages/contract kinds.ts). */
export const POSTING_KINDS = RECORD_KIND_CODES;
export type PostingKind = (typeof POSTING_KINDS)[number];

/**
 * One row per try at posting one record's journal step to SAP (docs/design/architecture.md section 6): the
 * idempotency key written into SAP's reference field, and SAP's answer or the error.
 */
export const postingAttempts = pgTable(
  'posting_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: POSTING_KINDS }).notNull(),
    recordId: integer('record_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    outcome: text('outcome', { enum: ['pending', 'posted', 'found', 'failed', 'unknown'] })
      .notNull()
      .default('pending'),
    sapDocEntry: integer('sap_doc_entry'),
    sapDocNum: integer('sap_doc_num'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestedById: integer('requested_by_id'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    /** An `unknown` attempt the sweeper looked up after the settle delay and SAP had no document for: settled. */
    recheckedAt: instant('rechecked_at'),
    /** The record's posting generation this attempt belongs to (1, then +1 after each reversal). */
    generation: integer('generation').notNull().default(1),
    /** When the row was claimed (never renewed, unlike started_at, the lease). */
    claimedAt: instant('claimed_at').notNull().defaultNow(),
    /** The posting day the user picked, and the amount the record stood for when claimed. */
    postingDate: date('posting_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    /**
     * SAP's VAT and gross of the document it created or a look-up found (issue 25), as SAP computed them, in the
     * document's currency (the record's: VatSumFc/DocTotalFc of a foreign-currency invoice, else VatSum/DocTotal);
     * net is gross - VAT. Only an invoice sent with a VAT group has them; null on journals and when SAP did not say.
     */
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2 }),
    grossAmount: numeric('gross_amount', { precision: 14, scale: 2 }),
    /** When the document was sent to SAP, and the document itself (what SAP was asked to create). */
    sentAt: instant('sent_at'),
    document: jsonb('document'),
  },
  (t) => [
    index('posting_attempts_record_idx').on(t.kind, t.recordId),
    index('posting_attempts_posting_date_idx').on(t.postingDate),
    // The posting history's key search (`idempotency_key ILIKE`, modules/posting-history): trigram GIN.
    index('posting_attempts_key_search_idx').using('gin', sql`${t.idempotencyKey} gin_trgm_ops`),
  ],
);

/**
 * One row per request to cancel a posted record's SAP document (modules/postings/reversal*): the posting it
 * reverses (the first attempt of that generation), why, and how it ended. `started_at` is the reverser's lease,
 * as on posting_attempts: a `pending` row whose lease is stale was left by a process that died, and the sweeper
 * settles it by looking in SAP. At most one pending reversal per record step.
 */
export const postingReversals = pgTable(
  'posting_reversals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: POSTING_KINDS }).notNull(),
    recordId: integer('record_id').notNull(),
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    generation: integer('generation').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    sapDocEntry: integer('sap_doc_entry'),
    sapDocNum: integer('sap_doc_num'),
    reason: text('reason').notNull(),
    outcome: text('outcome', { enum: ['pending', 'reversed', 'failed', 'unknown'] })
      .notNull()
      .default('pending'),
    cancelDocEntry: integer('cancel_doc_entry'),
    cancelDocNum: integer('cancel_doc_num'),
    errorMessage: text('error_message'),
    requestedById: integer('requested_by_id'),
    claimedAt: instant('claimed_at').notNull().defaultNow(),
    startedAt: instant('started_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    index('posting_reversals_posting_idx').on(t.postingId),
    index('posting_reversals_record_idx').on(t.kind, t.recordId),
    uniqueIndex('posting_reversals_one_pending_uq')
      .on(t.kind, t.recordId)
      .where(sql`${t.outcome} = 'pending'`),
  ],
);

/**
 * Bearer tokens the transport management system uses to call the import API; only hashes are stored. Issue 23:
 * the imports a token may call (`kinds`, import names such as 'cash-advances'; null: every import, as the CLI's
 * tokens before it), when it stops working, who created it (a name kept as written, like the audit log's actor;
 * null from the command line) and the address of its last use.
 */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  kinds: text('kinds').array(),
  expiresAt: instant('expires_at'),
  createdById: integer('created_by_id'),
  createdByName: text('created_by_name'),
  createdAt: instant('created_at').notNull().defaultNow(),
  lastUsedAt: instant('last_used_at'),
  lastUsedIp: text('last_used_ip'),
  revokedAt: instant('revoked_at'),
});
