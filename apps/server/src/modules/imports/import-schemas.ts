import { RECORD_KIND_NAMES } from '@ff/contract';
import type { z } from 'zod';
import { SERVER_KINDS, type ServerKinds } from '../records/kinds/index.js';
import type { ImportPiece } from '../records/kinds/shared/import.js';
import { fastRowReader, type UNSURE } from './import-fields.js';

/**
 * The imports of the registry's kinds (each kind that brings a table's rows has one: its `import` piece),
 * by the name the import API and the CLI use ('sales-invoices', ...). Money and quantities come out as exact
 * decimal strings.
 */
type Pieces = {
  [K in keyof ServerKinds]: ServerKinds[K] extends { import: infer P } ? P : never;
}[keyof ServerKinds];
export type ImportKind = Pieces['name'];
type PieceOf<K extends ImportKind> = Extract<Pieces, { name: K }>;

const PIECES: ImportPiece[] = RECORD_KIND_NAMES.flatMap((name) => {
  const kind = SERVER_KINDS[name] as { import?: ImportPiece };
  return kind.import ? [kind.import] : [];
});

/** Every import, in the registry's order. */
export const IMPORT_KINDS = PIECES.map((piece) => piece.name) as ImportKind[];

export const isImportKind = (value: string): value is ImportKind =>
  (IMPORT_KINDS as readonly string[]).includes(value);

/** An import by its name. */
export const importPiece = (kind: ImportKind): ImportPiece => PIECES.find((piece) => piece.name === kind)!;

/** How the audit log and the CLI name a kind: [one, many]. */
export const KIND_NOUNS = Object.fromEntries(PIECES.map((piece) => [piece.name, piece.noun])) as Record<
  ImportKind,
  readonly [string, string]
>;

export type ImportRowSchemas = { [K in ImportKind]: ReturnType<PieceOf<K>['schema']> };
/** A validated row of kind K, ready for the database (exact decimal strings, documentDate an instant). */
export type ImportRow<K extends ImportKind> = z.output<ImportRowSchemas[K]>;
/** What a sender writes for kind K (the JSON files of the demo generator have this shape). */
export type ImportRowInput<K extends ImportKind> = { [F in keyof ImportRow<K>]?: string | number | null };

const cache = new Map<string, ImportRowSchemas>();

/** The row schemas for one application time zone (a date-time without an offset is read in it). */
export function importRowSchemas(timeZone: string): ImportRowSchemas {
  let schemas = cache.get(timeZone);
  if (!schemas) {
    schemas = Object.fromEntries(
      PIECES.map((piece) => [piece.name, piece.schema(timeZone)]),
    ) as ImportRowSchemas;
    cache.set(timeZone, schemas);
  }
  return schemas;
}

/** A kind's rows read without zod (import-fields.ts `fastRowReader`): the valid row, or UNSURE. */
export type ImportRowReader = (row: Record<string, unknown>) => Record<string, unknown> | typeof UNSURE;
export type ImportRowReaders = { [K in ImportKind]: ImportRowReader | null };

const readerCache = new Map<string, ImportRowReaders>();

/** The fast row readers for one application time zone; null for a kind whose schema has a field without one. */
export function importRowReaders(timeZone: string): ImportRowReaders {
  let readers = readerCache.get(timeZone);
  if (!readers) {
    const schemas = importRowSchemas(timeZone);
    readers = Object.fromEntries(
      IMPORT_KINDS.map((kind) => [kind, fastRowReader(schemas[kind] as z.ZodObject)]),
    ) as ImportRowReaders;
    readerCache.set(timeZone, readers);
  }
  return readers;
}

/** The field names of a kind, in schema order (the CSV header the demo generator writes). */
export function importFieldsOf(kind: ImportKind): string[] {
  return Object.keys(importRowSchemas('UTC')[kind].shape);
}
