import type { RecordKindCode } from '@ff/contract';
import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The posting log and the import API's tokens. The trip record tables live with their kinds
 * (modules/records/kinds/<kind>/table.ts); drizzle.config.ts lists them beside this schema.
 */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The stored kind codes (the registry's `code`, packages/contract kinds.ts). */
export const POSTING_KINDS = [
  'SI',
  'FJ',
  'SJ',
  'CA',
  'FA',
  'VAS',
] as const satisfies readonly RecordKindCode[];
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
  },
  (t) => [index('posting_attempts_record_idx').on(t.kind, t.recordId)],
);

/** Bearer tokens the transport management system uses to call the import API; only hashes are stored. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull().defaultNow(),
  lastUsedAt: instant('last_used_at'),
  revokedAt: instant('revoked_at'),
});
