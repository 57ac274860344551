import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { SERVER_KINDS, type ServerKinds } from '../records/kinds/index.js';
import type { KindTable, StepColumns } from '../records/kinds/shared/kind.js';
import type { PostingStatus } from '../records/kinds/shared/columns.js';

/**
 * A "step" is one journal posting of one record kind, derived from the registry (packages/contract kinds.ts)
 * and the kind's folder: its stored code, table and the columns holding its state. Transporter invoices have
 * two steps on the same row (first and second journal), each with its own columns.
 */
export type PostingStep<T extends KindTable = KindTable> = {
  name: RecordKindName;
  /** The stored code: posting_attempts.kind. */
  kind: (typeof RECORD_KINDS_PLAIN)[RecordKindName]['code'];
  table: T;
  columns: StepColumns;
  /** Singular and plural nouns for messages: 'sales invoice', 'sales invoices'. */
  noun: readonly [string, string];
  /** A column that must equal 'posted' before this step may run (the second journal needs the first). */
  requiresPosted?: PgColumn;
};

/** A step's row, as its table holds it. */
export type StepRow<S extends PostingStep> = S['table']['$inferSelect'];

/** A step's state under uniform names, whichever columns hold it (select it with `stateColumns`). */
export type StepState = {
  status: PostingStatus;
  sapDocEntry: number | null;
  sapDocNum: number | null;
  lastError: string | null;
};

function stepOf<K extends RecordKindName>(name: K): PostingStep<ServerKinds[K]['table']> {
  const entry = RECORD_KINDS_PLAIN[name];
  const kind = SERVER_KINDS[name];
  const requires = 'requires' in entry ? (entry.requires as RecordKindName) : undefined;
  return {
    name,
    kind: entry.code,
    table: kind.table,
    columns: kind.columns,
    noun: [entry.noun.one, entry.noun.many],
    ...(requires ? { requiresPosted: SERVER_KINDS[requires].columns.status } : {}),
  };
}

export const POSTING_STEPS = Object.fromEntries(RECORD_KIND_NAMES.map((name) => [name, stepOf(name)])) as {
  [K in RecordKindName]: PostingStep<ServerKinds[K]['table']>;
};

/** The step's state columns under the names of `StepState`, for a select. */
export const stateColumns = (step: PostingStep) => ({
  status: sql<PostingStatus>`${step.columns.status}`,
  sapDocEntry: sql<number | null>`${step.columns.sapDocEntry}`,
  sapDocNum: sql<number | null>`${step.columns.sapDocNum}`,
  lastError: sql<string | null>`${step.columns.lastError}`,
});

/** drizzle's `set` object for these column values: the keys are found from the PgColumn objects themselves. */
export function assignments(step: PostingStep, values: [PgColumn, unknown][]): Record<string, unknown> {
  const columns = Object.entries(getTableColumns(step.table));
  return Object.fromEntries(
    values.map(([column, value]) => [columns.find(([, c]) => c === column)![0], value]),
  );
}

/**
 * The idempotency key of a row's current posting, as the database computed it from the kind, the source id and
 * the generation (`posting_key`, records/kinds/shared/posting-key.ts, decision 018).
 */
export const postingKeyOn = (step: PostingStep, row: object): string =>
  String(valueOn(step, row, step.columns.postingKey));

/** A column's value on a row of the step's table (the property name is found from the PgColumn itself). */
export function valueOn(step: PostingStep, row: object, column: PgColumn): unknown {
  const entry = Object.entries(getTableColumns(step.table)).find(([, c]) => c === column);
  return entry ? (row as Record<string, unknown>)[entry[0]] : undefined;
}

/** The posting generation a row of the step stands at (1 until its first reversal). */
export const generationOf = (step: PostingStep, row: object): number =>
  Number(valueOn(step, row, step.columns.generation) ?? 1);

/** The step's money column (the registry's amount field), e.g. fuel's total, filled when the row is claimed. */
export const amountColumn = (step: PostingStep): PgColumn =>
  (step.table as unknown as Record<string, PgColumn>)[RECORD_KINDS_PLAIN[step.name].amountField]!;

/** Where SAP keeps a step's key: the entity set and the reference field a look-up filters on. */
export const sapReferenceOf = (step: Pick<PostingStep, 'name'>) => RECORD_KINDS_PLAIN[step.name].sap;

/**
 * How long a claimed record may go without its poster renewing the lease (posting_attempts.started_at)
 * before it counts as abandoned by a crashed process: twice the SAP timeout (at least 5 s). Posters renew
 * every quarter of it (`leaseRenewalMs`), so a live process is never taken for a dead one.
 */
export const staleAfterMs = (sapTimeoutMs: number) => Math.max(5_000, 2 * sapTimeoutMs);
export const leaseRenewalMs = (sapTimeoutMs: number) =>
  Math.max(1_000, Math.floor(staleAfterMs(sapTimeoutMs) / 4));

/**
 * `UPDATE <step's table> SET <posted with SAP's keys>`: one text for the poster (markPosted) and the sweeper
 * (settleFound, markFoundAfterFailure), which add their own WHERE.
 */
export function updateToPosted(
  step: PostingStep,
  ref: { docEntry: number | null; docNum: number | null },
  now: string,
): SQL {
  const column = (c: PgColumn) => sql.identifier(c.name);
  const { columns } = step;
  return sql`UPDATE ${sql.identifier(getTableName(step.table))}
           SET ${column(columns.status)} = 'posted',
               ${column(columns.postedAt)} = ${now}::timestamptz,
               ${column(columns.sapDocEntry)} = ${ref.docEntry},
               ${column(columns.sapDocNum)} = ${ref.docNum},
               ${column(columns.lastError)} = NULL,
               ${column(step.table.updatedAt)} = ${now}::timestamptz`;
}
