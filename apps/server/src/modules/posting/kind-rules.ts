import type { SapDocument } from './sap-gateway.js';

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
   * A sentence when this user may not make the whole request (answered 403 before anything is claimed or
   * checked); e.g. a VAS loss without Post Loss.
   */
  forbidden?(requests: RowRequest<I>[]): Promise<string | null>;
  check(row: Row, request: RowRequest<I>, prefetched: P): string | null;
  /** The row's columns the request's inputs are written to when the row is claimed. */
  storedInputs?(row: Row, request: RowRequest<I>): Partial<Row>;
  document(row: Row, request: PostingRequest<I>, key: string): Promise<SapDocument> | SapDocument;
};
