import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PostBodyOf, RecordKindName, RecordRowOf } from '@ff/contract';
import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import type { Db } from '../../../../db/client.js';
import type { SapDocumentRequest } from '../../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../../posting/kind-rules.js';
import type { ImportPiece } from './import.js';
import type { DemoPiece } from './demo.js';
import type { LedgerAccountLookup } from './ledgers.js';
import type { InstantRange, ListContext, ListStatement } from './list.js';

/** A kind's table: every one has these columns (shared/columns.ts). */
export type KindTable = PgTable & {
  id: PgColumn;
  sourceId: PgColumn;
  documentDate: PgColumn;
  updatedAt: PgColumn;
};

/** The columns holding one step's posting state (the transporter table holds two steps: fj* and sj*). */
export type StepColumns = {
  status: PgColumn;
  postingDate: PgColumn;
  postedAt: PgColumn;
  postedById: PgColumn;
  sapDocEntry: PgColumn;
  sapDocNum: PgColumn;
  lastError: PgColumn;
};

/** The plain posting columns of a table holding one step. */
export const stepColumnsOf = (t: StepColumns): StepColumns => ({
  status: t.status,
  postingDate: t.postingDate,
  postedAt: t.postedAt,
  postedById: t.postedById,
  sapDocEntry: t.sapDocEntry,
  sapDocNum: t.sapDocNum,
  lastError: t.lastError,
});

/** What a kind's rules are bound to. */
export type KindDeps = {
  db: Db;
  accounts: SapPostingAccounts;
  timeZone: string;
  ledgers: LedgerAccountLookup;
};

/**
 * Everything the server knows of one kind beyond the contract's entry (`RECORD_KINDS`): its table and step
 * columns, list query, body -> requests mapping (wire names to the row's, once), posting rules, SAP document,
 * and, for the kind that brings a table's rows, its import and demo-data pieces.
 */
export type ServerKind<K extends RecordKindName, T extends KindTable, I, P, D> = {
  name: K;
  table: T;
  columns: StepColumns;
  list(ctx: ListContext, range: InstantRange): ListStatement<RecordRowOf<K>>;
  requests(body: PostBodyOf<K>): RowRequest<I>[];
  rules(deps: KindDeps): KindRules<T['$inferSelect'], I, P>;
  /** The rules for a user with these permissions, when they depend on them (VAS: a loss needs Post Loss). */
  forUser?(
    rules: KindRules<T['$inferSelect'], I, P>,
    permissions: readonly string[],
    deps: KindDeps,
  ): KindRules<T['$inferSelect'], I, P>;
  /** The record -> SAP document mapping (pure), bound to the configured posting accounts. */
  sapDocument(input: D, accounts: SapPostingAccounts): SapDocumentRequest;
  import?: ImportPiece;
  demo?: DemoPiece;
};
