import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { RECORD_KINDS_PLAIN, type PostEntryOf, type RecordKindName } from '@ff/contract';
import { amount, code, type DocumentCommon } from '../../../../erp/posting-rules.js';
import type { DemoPiece } from './demo.js';
import { advanceTripFields, declareImport, type DeclaredImport } from './import.js';
import { transferJournal } from './journal.js';
import { requestsOf, stepColumnsOf, type KindTable, type ServerKind, type StepColumns } from './kind.js';
import { PETTY_CASH, pettyCashProblem, prefetchLedgers, type LedgerMap } from './ledgers.js';
import {
  stepList,
  type InstantRange,
  type ListContext,
  type ListedRow,
  type ListStatement,
  type ListView,
} from './list.js';
import { amountProblem, documentCommon } from './rules.js';

/**
 * A ledger journal: the advances' shape (cash, fuel). The transporter of a trip is paid from a ledger the user
 * chooses, which must be an active petty-cash ledger: the journal debits the transporter (a business partner)
 * and credits the ledger's account, with the key in Reference3. The post body's one `ledgerId` field (the
 * registry's post rules; `sapAccount`) is the row's `onAccountId`, stored when the row is claimed. The rows
 * arrive with the advances' trip columns (import: `advanceTripFields` after the common fields, then the kind's
 * own). By default the amount is the row's `amount` column; a kind with another amount (fuel: the collected
 * quantity typed at posting x the unit price) or more inputs (fuel's pickup order number, in Reference2) says
 * so in its options.
 */

/** The row a ledger journal's table holds: its advance trip columns, the chosen ledger and one posting step. */
export type LedgerJournalTable = KindTable &
  StepColumns & {
    tripNumber: PgColumn;
    transporterCode: PgColumn;
    onAccountId: PgColumn;
    $inferSelect: {
      documentDate: Date;
      tripNumber: string;
      transporterCode: string;
      onAccountId: number | null;
    };
  };
type Row<T extends LedgerJournalTable> = T['$inferSelect'];

/** What a ledger journal's SAP document is made from: the key, days and memo, the transporter, the ledger's account number (under `L`). */
export type LedgerDocument<L extends string> = DocumentCommon & { transporterCode: string } & {
  [P in L]: string;
};
/** The inputs of a row's request: the chosen ledger and the kind's own (`X`). */
export type LedgerInput<X> = { onAccountId: number } & X;

/**
 * What one ledger journal declares, by type: its kind `K`, table `T`, import name `N` and import fields `F`, the
 * inputs `X` of a row's request besides the ledger, its document's inputs `E` besides the common ones, and the
 * document input `L` holding the ledger's account number. (The options take them one by one: TypeScript infers
 * `X` and `E` from the options' methods only so.)
 */
type LedgerJournalTypes = {
  K: RecordKindName;
  T: LedgerJournalTable;
  N: string;
  F: z.ZodRawShape;
  X: object;
  E: object;
  L: string;
};

export type LedgerJournalOptions<
  K extends RecordKindName,
  T extends LedgerJournalTable,
  N extends string,
  F extends z.ZodRawShape,
  X extends object,
  E extends object,
  L extends string,
> = {
  /** The import piece: its name (`POST /api/v1/import/<name>`), nouns for the audit log, the kind's own fields. */
  import: { name: N; noun: readonly [string, string]; fields: F };
  /** The demo-data piece: the kind's row of a demo trip (shared/demo.ts). */
  demo: DemoPiece;
  /**
   * The document input holding the ledger's account number, and what SAP rule messages call it; by default
   * `pettyCashAccount`, 'The petty cash account'.
   */
  ledger?: { input: L; label: string };
  /** The post body's other fields as the row's inputs (the body's wire names, here and nowhere deeper). */
  inputs?(entry: PostEntryOf<K>): X;
  /** Why a row cannot be posted with these inputs, after the ledger's check; by default a missing or zero `amount`. */
  check?(row: Row<T>, input: X): string | null;
  /** The row's columns its inputs are stored in (besides `onAccountId`) when it is claimed. */
  stored?(row: Row<T>, input: X): Partial<Row<T>>;
  /** The document's inputs besides the key, days, memo, transporter and ledger; by default the row's `amount`. */
  document?(row: Row<T>, input: X): E;
  /** The journal's amount in cents, checked; by default the document's `amount`. */
  cents?(input: LedgerDocument<L> & E): bigint;
  /** What the journal carries in Reference2, checked; by default nothing. */
  reference2?(input: LedgerDocument<L> & E): string;
  /** What a row still to post stands for in money, when its amount column is only filled once it is posted. */
  awaitingAmount?: SQL;
};

/** The kind a ledger journal declaration makes (a ServerKind; its list typed by the kind's own row). */
export type LedgerJournalKind<P extends LedgerJournalTypes> = Omit<
  ServerKind<P['K'], P['T'], LedgerInput<P['X']>, LedgerMap, LedgerDocument<P['L']> & P['E']>,
  'list' | 'import' | 'demo'
> & {
  list(
    ctx: ListContext,
    range: InstantRange,
    view?: ListView,
  ): ListStatement<ListedRow<P['K'], P['T'], object>>;
  import: DeclaredImport<P['N'], P['T'], ReturnType<typeof advanceTripFields> & P['F']>;
  demo: DemoPiece;
  ledgerType: string;
};

/** The post body's one `ledgerId` field (the chosen ledger), from the registry's post rules. */
function ledgerFieldOf(name: RecordKindName): string {
  const rules = RECORD_KINDS_PLAIN[name].post.fields as Readonly<Record<string, string>>;
  const fields = Object.keys(rules).filter((field) => rules[field] === 'ledgerId');
  if (fields.length !== 1)
    throw new Error(`${name}: a ledger journal's post body has one ledgerId field; it has ${fields.length}.`);
  return fields[0]!;
}

/** By default the journal's amount is the row's `amount` column. */
const storedAmount = {
  check: (row: object) => amountProblem((row as { amount: string | null }).amount, 'amount'),
  document: (row: object) => ({ amount: String((row as { amount: unknown }).amount) }),
  cents: (input: object) => amount((input as { amount: string }).amount, 'The amount'),
};

/** A ledger journal kind, declared: its table and what differs from its siblings (`LedgerJournalOptions`). */
export function ledgerJournalKind<
  K extends RecordKindName,
  T extends LedgerJournalTable,
  N extends string,
  F extends z.ZodRawShape,
  X extends object = object,
  E extends object = { amount: string },
  L extends string = 'pettyCashAccount',
>(
  name: K,
  t: T,
  options: LedgerJournalOptions<K, T, N, F, X, E, L>,
): LedgerJournalKind<{ K: K; T: T; N: N; F: F; X: X; E: E; L: L }> {
  type Doc = LedgerDocument<L> & E;
  const ledger = options.ledger ?? { input: 'pettyCashAccount' as L, label: 'The petty cash account' };
  const ledgerField = ledgerFieldOf(name);
  const check = options.check ?? storedAmount.check;
  const extras = (options.document ?? storedAmount.document) as (row: Row<T>, input: X) => E;
  const cents = options.cents ?? storedAmount.cents;
  const { reference2 } = options;
  const sapDocument = transferJournal((input: Doc) => ({
    cents: cents(input),
    debit: { partner: code(input.transporterCode, 'The transporter code') },
    credit: { account: code(input[ledger.input], ledger.label) },
    reference2: reference2?.(input),
  }));
  return {
    name,
    table: t,
    columns: stepColumnsOf(t),
    ...(options.awaitingAmount ? { awaitingAmount: options.awaitingAmount } : {}),
    list: stepList(name, t, t),
    requests: requestsOf(name, (entry) => ({
      onAccountId: (entry as Record<string, unknown>)[ledgerField] as number,
      ...(options.inputs?.(entry) as X),
    })),
    rules: (deps) => ({
      prefetch: (requests) =>
        prefetchLedgers(
          deps.ledgers,
          requests.map((r) => r.input.onAccountId),
        ),
      check: (row, request, ledgers) =>
        pettyCashProblem(ledgers, request.input.onAccountId) ?? check(row, request.input),
      storedInputs: (row, request) =>
        ({
          onAccountId: request.input.onAccountId,
          ...options.stored?.(row, request.input),
        }) as Partial<Row<T>>,
      document: async (row, request, key) =>
        sapDocument(
          {
            ...documentCommon(row, request, key, deps.timeZone),
            ...extras(row, request.input),
            transporterCode: row.transporterCode,
            [ledger.input]: (await deps.ledgers(request.input.onAccountId))!.accountNumber,
          } as Doc,
          deps.accounts,
        ),
    }),
    sapDocument,
    import: declareImport(t, {
      ...options.import,
      fields: { ...advanceTripFields(), ...options.import.fields },
    }),
    demo: options.demo,
    ledgerType: PETTY_CASH,
  };
}
