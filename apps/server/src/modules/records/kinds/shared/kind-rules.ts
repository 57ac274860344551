import type { Db } from '../../../../db/client.js';
import type { SapDocument } from '../../../../erp/sap-gateway.js';

/** One row of a post request, after the body schema: its id, the picked posting date and kind inputs. */
export type RowRequest<I = object> = { id: number; postingDate: string; input: I };
/** A row request whose posting date has been checked and resolved to a day. */
export type PostingRequest<I = object> = RowRequest<I> & { postingDay: string };

/**
 * What each record kind contributes to the generic protocol, typed by its table's row (`Row`), its request
 * inputs (`I`) and what it loads up front (`P`): its own checks (answering a sentence when the row cannot be
 * posted), the values its inputs are stored as, and the SAP document it becomes.
 */
export type KindRules<Row, I = object, P = undefined> = {
  /**
   * Loads what `check` needs (e.g. ledger accounts) BEFORE the claiming transaction: on PGlite a query
   * outside an open transaction waits for it to end, so nothing inside may use another connection.
   */
  prefetch?(requests: RowRequest<I>[]): Promise<P>;
  /**
   * Loads what `check` needs INSIDE the claiming transaction, after the requested rows are locked, for a rule
   * that must see the other claims (e.g. a number two records may not both take): what it reads counts every
   * claim committed before, and a claim of the same thing running now is ordered by a lock it takes here (a
   * transaction-level advisory lock, held until the claim commits). It gets `prefetch`'s answer, if any, and
   * its own answer is the one `check` gets. Inside the transaction only `tx` may be used: on PGlite a query on
   * `db` would wait for the transaction to end. Every claim locks its rows before this runs, so a lock taken
   * here never waits on a claim that waits on the rows of this one.
   */
  prefetchInClaim?(tx: Db, requests: RowRequest<I>[], prefetched: P | undefined): Promise<P>;
  /**
   * A sentence when this user may not make the whole request (answered 403 before anything is claimed or
   * checked); e.g. a VAS loss without Post Loss.
   */
  forbidden?(requests: RowRequest<I>[]): Promise<string | null>;
  check(row: Row, request: RowRequest<I>, prefetched: P): string | null;
  /** The row's columns the request's inputs are written to when the row is claimed. */
  storedInputs?(row: Row, request: RowRequest<I>): Partial<Row>;
  document(row: Row, request: PostingRequest<I>, key: string): Promise<SapDocument> | SapDocument;
};
