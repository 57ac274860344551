import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { illFormedTextReason } from '../../lib/well-formed-text.js';
import type { AuditService } from '../audits/audit.service.js';
import { importRowSchemas, KIND_NOUNS, type ImportKind, type ImportRow } from './import-schemas.js';
import type { ImportsRepository } from './imports.repository.js';

/** Where a row sat in what was sent: its index in a JSON array (from 0) or its line in a CSV file (header = 1). */
export type RowPosition = { index: number } | { line: number };
/** A row as read; `problem` marks one the reader already knows is broken (e.g. a CSV line with too many cells). */
export type SourceRow = { position: RowPosition; value: unknown; problem?: string };

export type RejectedRow = { index?: number; line?: number; sourceId?: string; errors: string[] };

/**
 * The answer to one import: how many rows arrived, how many became new records, how many updated records
 * still to post, how many matched records whose posting had already started (left unchanged), and every
 * rejected row with its reasons as `field: reason`.
 */
export type ImportReport = {
  kind: ImportKind;
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
};

/** Who imported and how, for the audit log: e.g. `via API token "tms"`. */
export type ImportOrigin = { context: AuditContext; via: string };

const describe = (position: RowPosition) =>
  'line' in position ? `line ${position.line}` : `index ${position.index}`;

function sourceIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { sourceId?: unknown }).sourceId;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
}

/**
 * Rows validated (~10 ms), and rows written per statement (~10 ms on embedded PGlite, whose statements run on
 * this thread), between two yields to the event loop: a liveness probe waits about that long at most. (Smaller
 * statements cost throughput: 100 rows each is ~20% slower than 250, and 250 held the thread 25-60 ms.)
 */
export const IMPORT_CHUNK_ROWS = 500;
export const IMPORT_WRITE_ROWS = 100;

/** Lets timers and other requests run (a liveness probe, a sign-in) between two chunks of a long import. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fields whose text PostgreSQL would not store as received (a NUL, a lone UTF-16 surrogate: a JSON file's
 * "\ud800" escape). Two source ids that differ only by lone surrogates would be one id once stored, so the
 * row is refused here, field by field, before any rule looks at it.
 */
function illFormedFields(value: object): string[] {
  const errors: string[] = [];
  for (const [field, item] of Object.entries(value)) {
    const reason = typeof item === 'string' ? illFormedTextReason(item) : null;
    if (reason) errors.push(`${field}: ${reason.replace(/^The text /, '').replace(/\.$/, '')}`);
  }
  return errors;
}

export function createImportsService(deps: {
  db: Db;
  timeZone: string;
  imports: ImportsRepository;
  audit: AuditService;
}) {
  const { db, imports, audit } = deps;
  const schemas = importRowSchemas(deps.timeZone);

  /**
   * Checks rows one by one into `into`; the first row with a given source id wins, later ones are rejected
   * as duplicates (`firstSeen` carries across chunks).
   */
  function validateInto<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
    into: { valid: ImportRow<K>[]; rejected: RejectedRow[]; firstSeen: Map<string, RowPosition> },
  ) {
    const schema = schemas[kind];
    const { valid, rejected, firstSeen } = into;
    for (const { position, value, problem } of rows) {
      const sourceId = sourceIdOf(value);
      const reject = (errors: string[]) =>
        rejected.push({ ...position, ...(sourceId === undefined ? {} : { sourceId }), errors });
      if (problem) {
        reject([problem]);
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        reject(["row: must be an object with the record's fields"]);
        continue;
      }
      const illFormed = illFormedFields(value);
      if (illFormed.length) {
        reject(illFormed);
        continue;
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        reject(
          result.error.issues.map(
            (issue) => `${issue.path.map(String).join('.') || 'row'}: ${issue.message}`,
          ),
        );
        continue;
      }
      const row = result.data as ImportRow<K>;
      const earlier = firstSeen.get(row.sourceId);
      if (earlier) {
        reject([
          `sourceId: "${row.sourceId}" appears more than once in this import (first at ${describe(earlier)})`,
        ]);
        continue;
      }
      firstSeen.set(row.sourceId, position);
      valid.push(row);
    }
  }

  /** Checks every row at once (small batches, tests). */
  function validate<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
  ): { valid: ImportRow<K>[]; rejected: RejectedRow[] } {
    const into = {
      valid: [] as ImportRow<K>[],
      rejected: [] as RejectedRow[],
      firstSeen: new Map<string, RowPosition>(),
    };
    validateInto(kind, rows, into);
    return { valid: into.valid, rejected: into.rejected };
  }

  /** As `validate`, `IMPORT_CHUNK_ROWS` at a time with a yield between chunks: 100,000 rows never hold the event loop. */
  async function validateInChunks<K extends ImportKind>(kind: K, rows: readonly SourceRow[]) {
    const into = {
      valid: [] as ImportRow<K>[],
      rejected: [] as RejectedRow[],
      firstSeen: new Map<string, RowPosition>(),
    };
    for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
      // Also before the first chunk: the request's body was parsed in this same turn of the event loop.
      await yieldToEventLoop();
      validateInto(kind, rows.slice(start, start + IMPORT_CHUNK_ROWS), into);
    }
    return { valid: into.valid, rejected: into.rejected };
  }

  /**
   * Validates every row, then upserts the valid ones by source id in one transaction (with the audit
   * entry): rows whose posting has started are never changed. Rejected rows do not stop the others. Both
   * phases work in chunks that yield to the event loop: on embedded PGlite the database runs on this
   * thread too, so one 40,000-row statement would stall every other request (health probes included).
   */
  async function importRows<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
    origin: ImportOrigin,
  ): Promise<ImportReport> {
    const { valid, rejected } = await validateInChunks(kind, rows);
    const [one, many] = KIND_NOUNS[kind];
    const report = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      let inserted = 0;
      let updated = 0;
      for (let start = 0; start < valid.length; start += IMPORT_WRITE_ROWS) {
        if (start > 0) await yieldToEventLoop();
        const written = await imports.upsert(kind, valid.slice(start, start + IMPORT_WRITE_ROWS), tx);
        inserted += written.inserted;
        updated += written.updated;
      }
      const unchanged = valid.length - inserted - updated;
      const written = inserted + updated;
      const event =
        `Imported ${written} ${written === 1 ? one : many} ${origin.via} ` +
        `(${rows.length} received: ${inserted} new, ${updated} updated, ${unchanged} unchanged as posting had started, ${rejected.length} rejected)`;
      await audit.record(origin.context, event, tx);
      return { kind, received: rows.length, inserted, updated, unchanged, rejected };
    });
    return report;
  }

  return {
    validate,
    importRows,
    /** A JSON array: positions are indexes from 0. */
    importJson: <K extends ImportKind>(kind: K, items: readonly unknown[], origin: ImportOrigin) =>
      importRows(
        kind,
        items.map((value, index) => ({ position: { index }, value })),
        origin,
      ),

    hasAnyRecords: () => imports.hasAnyRecords(),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
