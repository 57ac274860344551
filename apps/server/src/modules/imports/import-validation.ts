import { illFormedTextReason } from '../../lib/well-formed-text.js';
import { UNSURE } from './import-fields.js';
import { importRowReaders, importRowSchemas, type ImportKind, type ImportRow } from './import-schemas.js';

/** Where a row sat in what was sent: its index in a JSON array (from 0) or its line in a CSV file (header = 1). */
export type RowPosition = { index: number } | { line: number };
/** A row as read; `problem` marks one the reader already knows is broken (e.g. a CSV line with too many cells). */
export type SourceRow = { position: RowPosition; value: unknown; problem?: string };

export type RejectedRow = { index?: number; line?: number; sourceId?: string; errors: string[] };

/**
 * What the rows checked so far left: the valid rows not yet taken for writing, every rejected row, and where
 * each source id was first seen (an index or a line number: one import has one kind of position).
 */
export type Validated<K extends ImportKind> = {
  valid: ImportRow<K>[];
  rejected: RejectedRow[];
  firstSeen: Map<string, number>;
};

export const emptyValidated = <K extends ImportKind>(): Validated<K> => ({
  valid: [],
  rejected: [],
  firstSeen: new Map(),
});

function sourceIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { sourceId?: unknown }).sourceId;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
}

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

/** True when every string field is text PostgreSQL stores as received (the common case, checked cheaply). */
function allWellFormed(value: object): boolean {
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'string' && (item.includes('\u0000') || !item.isWellFormed())) return false;
  }
  return true;
}

/**
 * Checks import rows for one application time zone. Each row is read by its kind's fast reader when it
 * vouches for every field, else by the zod schema, whose issues become the rejected row's reasons as
 * `field: reason`; the first row with a given source id wins, later ones are rejected as duplicates.
 */
export function createRowValidator(timeZone: string) {
  const schemas = importRowSchemas(timeZone);
  const readers = importRowReaders(timeZone);

  /** Checks `rows` in order into `into` (which carries the source ids seen across calls). */
  return function validateInto<K extends ImportKind>(
    kind: K,
    rows: readonly SourceRow[],
    into: Validated<K>,
  ) {
    const schema = schemas[kind];
    const reader = readers[kind];
    const { valid, rejected, firstSeen } = into;
    for (const { position, value, problem } of rows) {
      const reject = (errors: string[]) => {
        const sourceId = sourceIdOf(value);
        rejected.push({ ...position, ...(sourceId === undefined ? {} : { sourceId }), errors });
      };
      if (problem) {
        reject([problem]);
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        reject(["row: must be an object with the record's fields"]);
        continue;
      }
      if (!allWellFormed(value)) {
        reject(illFormedFields(value));
        continue;
      }
      let row = reader ? reader(value as Record<string, unknown>) : UNSURE;
      if (row === UNSURE) {
        const result = schema.safeParse(value);
        if (!result.success) {
          reject(
            result.error.issues.map(
              (issue) => `${issue.path.map(String).join('.') || 'row'}: ${issue.message}`,
            ),
          );
          continue;
        }
        row = result.data;
      }
      const sourceId = (row as ImportRow<K>).sourceId;
      const earlier = firstSeen.get(sourceId);
      if (earlier !== undefined) {
        const where = 'line' in position ? `line ${earlier}` : `index ${earlier}`;
        reject([`sourceId: "${sourceId}" appears more than once in this import (first at ${where})`]);
        continue;
      }
      firstSeen.set(sourceId, 'line' in position ? position.line : position.index);
      valid.push(row as ImportRow<K>);
    }
  };
}

export type ValidateInto = ReturnType<typeof createRowValidator>;
