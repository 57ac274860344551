import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { importFieldsOf, type ImportKind } from './import-schemas.js';
import type { SourceRow } from './imports.service.js';

/** A file that cannot be read as rows at all (as opposed to rows that fail validation). */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

export type ParsedImportFile = { format: 'csv' | 'json'; rows: SourceRow[]; ignoredColumns: string[] };

/** Reads a `.csv` or `.json` file of rows of one kind. */
export async function readImportFile(kind: ImportKind, path: string): Promise<ParsedImportFile> {
  const extension = extname(path).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new ImportFileError(`Cannot tell the format of ${path}: name it *.csv or *.json.`);
  }
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new ImportFileError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return extension === '.csv' ? parseCsvRows(kind, content) : parseJsonRows(content);
}

/** A JSON array of row objects; positions are indexes from 0. */
export function parseJsonRows(content: Buffer | string): ParsedImportFile {
  const text = content.toString().replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new ImportFileError('The JSON file must hold an array of rows, e.g. [{"sourceId": "..."}].');
  return {
    format: 'json',
    rows: data.map((value, index) => ({ position: { index }, value })),
    ignoredColumns: [],
  };
}

/** "Customer Code", "customer_code" and "customerCode" all name the field customerCode. */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A CSV file with a header row naming the fields (any case, spaces or underscores). Positions are line
 * numbers in the file (header = line 1), also for rows after quoted multi-line cells and blank lines. Rows
 * whose number of cells differs from the header are rejected whole; rows of empty cells are skipped.
 */
export function parseCsvRows(kind: ImportKind, content: Buffer): ParsedImportFile {
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(content, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new ImportFileError(
      `The file is not valid CSV${line ? ` near line ${line}` : ''}: ${(error as Error).message}`,
    );
  }
  const [header, ...body] = records;
  if (!header) return { format: 'csv', rows: [], ignoredColumns: [] };

  const fieldByKey = new Map(importFieldsOf(kind).map((field) => [headerKey(field), field]));
  const ignoredColumns: string[] = [];
  const seen = new Set<string>();
  const columns = header.record.map((title) => {
    const field = fieldByKey.get(headerKey(title));
    if (!field) {
      ignoredColumns.push(title);
      return undefined;
    }
    if (seen.has(field)) throw new ImportFileError(`The header names the field ${field} twice ("${title}").`);
    seen.add(field);
    return field;
  });

  // Line numbers from byte offsets: a record ends at info.bytes (after its line break, if any); it starts as
  // many lines earlier as its quoted cells hold line breaks.
  let newlinesBefore = 0;
  let scanned = 0;
  const lineOfEnd = (end: number) => {
    for (; scanned < end; scanned += 1) if (content[scanned] === 0x0a) newlinesBefore += 1;
    return 1 + newlinesBefore - (content[end - 1] === 0x0a ? 1 : 0);
  };

  const rows: SourceRow[] = body.map(({ record, info }) => {
    const endLine = lineOfEnd(info.bytes);
    const innerBreaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const position = { line: endLine - innerBreaks };
    const value: Record<string, string> = {};
    columns.forEach((field, i) => {
      if (field && record[i] !== undefined) value[field] = record[i]!;
    });
    if (record.length !== columns.length) {
      return {
        position,
        value,
        problem: `row: has ${record.length} cells but the header has ${columns.length} columns`,
      };
    }
    return { position, value };
  });
  return { format: 'csv', rows, ignoredColumns };
}
