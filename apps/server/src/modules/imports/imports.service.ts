import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
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

export function createImportsService(deps: {
  db: Db;
  timeZone: string;
  imports: ImportsRepository;
  audit: AuditService;
}) {
  const { db, imports, audit } = deps;
  const schemas = importRowSchemas(deps.timeZone);

  /** Checks every row; the first row with a given source id wins, later ones are rejected as duplicates. */
  function validate<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
  ): { valid: ImportRow<K>[]; rejected: RejectedRow[] } {
    const schema = schemas[kind];
    const valid: ImportRow<K>[] = [];
    const rejected: RejectedRow[] = [];
    const firstSeen = new Map<string, RowPosition>();
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
    return { valid, rejected };
  }

  /**
   * Validates every row, then upserts the valid ones by source id in one transaction (with the audit
   * entry): rows whose posting has started are never changed. Rejected rows do not stop the others.
   */
  async function importRows<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
    origin: ImportOrigin,
  ): Promise<ImportReport> {
    const { valid, rejected } = validate(kind, rows);
    const [one, many] = KIND_NOUNS[kind];
    const report = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { inserted, updated } = await imports.upsert(kind, valid, tx);
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
