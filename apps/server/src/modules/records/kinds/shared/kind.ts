import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  RECORD_KINDS_PLAIN,
  type PostBodyOf,
  type PostEntryOf,
  type RecordKindName,
  type RecordRowOf,
} from '@ff/contract';
import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import type { Db } from '../../../../db/client.js';
import type { SapDocumentRequest } from '../../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../../posting/kind-rules.js';
import { prefixed } from './columns.js';
import type { ImportPiece } from './import.js';
import type { DemoPiece } from './demo.js';
import type { LedgerAccountLookup } from './ledgers.js';
import type { InstantRange, ListContext, ListStatement, ListView } from './list.js';

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
  generation: PgColumn;
};

const STEP_KEYS = [
  'status',
  'postingDate',
  'postedAt',
  'postedById',
  'sapDocEntry',
  'sapDocNum',
  'lastError',
  'generation',
] as const satisfies readonly (keyof StepColumns)[];

/**
 * A step's posting columns: the plain ones of a table holding one step, or, with a prefix, one step's of the
 * transporter table (`stepColumnsOf(t, 'fj')` is `fjStatus`, `fjPostingDate`, ...).
 */
export function stepColumnsOf(t: StepColumns): StepColumns;
export function stepColumnsOf<P extends string>(
  t: { [K in keyof StepColumns as `${P}${Capitalize<K>}`]: PgColumn },
  prefix: P,
): StepColumns;
export function stepColumnsOf(t: Record<string, PgColumn>, prefix?: string): StepColumns {
  const column = (key: string) => t[prefix === undefined ? key : prefixed(prefix, key)]!;
  return Object.fromEntries(STEP_KEYS.map((key) => [key, column(key)])) as StepColumns;
}

/**
 * A kind's `requests(body)`: each entry of the post body as a row request, its id from the registry's id
 * field, and `input(entry)` the body's wire names as the row names them (here and nowhere deeper).
 */
export function requestsOf<K extends RecordKindName, I>(kind: K, input: (entry: PostEntryOf<K>) => I) {
  const idField = RECORD_KINDS_PLAIN[kind].post.idField;
  return (body: PostBodyOf<K>): RowRequest<I>[] =>
    (body.postSap as PostEntryOf<K>[]).map((entry) => ({
      id: (entry as Record<string, unknown>)[idField] as number,
      postingDate: entry.postingDate,
      input: input(entry),
    }));
}

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
  /**
   * What a row still to post stands for in money, when the registry's amount field is only filled once the row
   * is posted (fuel and VAS: the total is the collected quantity, typed at posting, times the unit price): the
   * original quantity at the unit price. The dashboard's awaiting and aging totals read it; without it they
   * read the amount field.
   */
  awaitingAmount?: SQL;
  list(ctx: ListContext, range: InstantRange, view?: ListView): ListStatement<RecordRowOf<K>>;
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
