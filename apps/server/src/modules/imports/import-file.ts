import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ImportFileError, openCsvFile } from './import-csv.js';
import type { ImportKind } from './import-schemas.js';
import type { SourceRow } from './import-validation.js';

export { ImportFileError, parseCsvRows } from './import-csv.js';

/**
 * An import file opened for the import service: its rows (all at once from JSON, in batches as a CSV file
 * is read) and the header's columns that name no field of the kind (CSV).
 */
export type ImportFile = {
  format: 'csv' | 'json';
  rows: readonly SourceRow[] | AsyncIterable<readonly SourceRow[]>;
  ignoredColumns: string[];
};

/**
 * Opens a `.csv` or `.json` file of rows of one kind. A CSV file streams (any size); a JSON file is read
 * whole (no streaming JSON parser among our dependencies), as the API reads a request body.
 */
export async function openImportFile(kind: ImportKind, path: string): Promise<ImportFile> {
  const extension = extname(path).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new ImportFileError(`Cannot tell the format of ${path}: name it *.csv or *.json.`);
  }
  if (extension === '.csv') return { format: 'csv', ...(await openCsvFile(kind, path)) };
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new ImportFileError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return { format: 'json', ...parseJsonRows(content) };
}

/** A JSON array of row objects; positions are indexes from 0. */
export function parseJsonRows(content: Buffer | string): { rows: SourceRow[]; ignoredColumns: string[] } {
  const text = content.toString().replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new ImportFileError('The JSON file must hold an array of rows, e.g. [{"sourceId": "..."}].');
  return { rows: data.map((value, index) => ({ position: { index }, value })), ignoredColumns: [] };
}
