import type { ImportKind, ImportRow } from './import-schemas.js';
import type { ImportsRepository } from './imports.repository.js';

/** What the statements written so far changed: rows sent, of which inserted and updated (the rest unchanged). */
export type Written = { rows: number; inserted: number; updated: number };

/**
 * Embedded PGlite: a statement should hold the thread about this long, so that a liveness probe or another
 * request waits no longer. The rows it takes for that vary tenfold (the search indexes' trigrams cost far
 * more per row than the table), so the size follows the statements measured, between the bounds.
 */
const EMBEDDED_TARGET_MS = 10;
const EMBEDDED_MIN_ROWS = 10;
const EMBEDDED_MAX_ROWS = 500;

/** The next statement's rows after one of `rows` took `ms`: halfway towards the target's size. */
export function nextEmbeddedSize(size: number, rows: number, ms: number): number {
  const fitting = (EMBEDDED_TARGET_MS * rows) / Math.max(ms, 0.1);
  const next = Math.round((size + fitting) / 2);
  return Math.min(EMBEDDED_MAX_ROWS, Math.max(EMBEDDED_MIN_ROWS, next));
}

/**
 * Writes an import's valid rows one statement at a time, each committed on its own (the import's last rows
 * and its audit entry are written by the caller, in one transaction), while the caller goes on checking the
 * rows after them: on PostgreSQL the statement runs in the database server meanwhile. One statement is in
 * flight at a time; the error of a failed one is thrown by the next `write` or by `drain`. `size` is how
 * many rows the next statement should take (repository's plan; on embedded PGlite, adjusted as it goes).
 *
 * Committing per statement rather than per import keeps other requests going on embedded PGlite, whose
 * single connection serves no other query while a transaction is open, and bounds what a failure leaves
 * behind to whole statements (an import is an upsert by source id: sending it again completes it).
 */
export function createImportWriter<K extends ImportKind>(kind: K, imports: ImportsRepository) {
  const { embedded } = imports.writePlan;
  const written: Written = { rows: 0, inserted: 0, updated: 0 };
  let size = imports.writePlan.rowsPerStatement;
  let inFlight: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;

  return {
    /** Committed so far. */
    written,

    /** Rows the next statement should take. */
    get size() {
      return size;
    },

    /** Starts writing `rows` once the statement before is done; throws that statement's error, if any. */
    async write(rows: ImportRow<K>[]) {
      await inFlight;
      if (failure) throw failure.error;
      const started = performance.now();
      inFlight = imports.upsert(kind, rows).then(
        (done) => {
          written.rows += rows.length;
          written.inserted += done.inserted;
          written.updated += done.updated;
          if (embedded) size = nextEmbeddedSize(size, rows.length, performance.now() - started);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
    },

    /** Waits for the statement in flight; throws its error, if any. */
    async drain() {
      await inFlight;
      if (failure) throw failure.error;
    },

    /** Waits for the statement in flight whatever its outcome (when the import stops for another reason). */
    settle: () => inFlight,
  };
}
