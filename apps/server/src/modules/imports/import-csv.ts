import { createReadStream } from 'node:fs';
import { pipeline, Transform } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { importFieldsOf, type ImportKind } from './import-schemas.js';
import type { SourceRow } from './import-validation.js';

/** A file that cannot be read as rows at all (as opposed to rows that fail validation). */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/**
 * How CSV import files are read: a header row naming the fields, cells trimmed, blank lines and rows of
 * empty cells skipped, rows with a different number of cells kept (and rejected by `rowOf`).
 */
const CSV_OPTIONS: Options = {
  bom: true,
  info: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  trim: true,
};

type CsvRecord = { record: string[]; info: { bytes: number } };

const notCsv = (error: unknown) => {
  const line = (error as { lines?: number }).lines;
  return new ImportFileError(
    `The file is not valid CSV${line ? ` near line ${line}` : ''}: ${(error as Error).message}`,
  );
};

/**
 * Line numbers from byte offsets, over the file's bytes as they stream past: a record ends at `info.bytes`
 * (after its line break, if any) and starts as many lines earlier as its quoted cells hold line breaks.
 * Bytes are dropped once counted.
 */
class LineCounter {
  private chunks: Buffer[] = [];
  /** File offset of chunks[0]. */
  private chunkStart = 0;
  private scanned = 0;
  private newlines = 0;
  private lastByte = -1;

  push(chunk: Buffer) {
    this.chunks.push(chunk);
  }

  /** The line (from 1) a record that ends at byte offset `end` starts on. */
  lineOf(record: string[], end: number): number {
    while (this.scanned < end) {
      const chunk = this.chunks[0]!;
      const stop = Math.min(chunk.length, end - this.chunkStart);
      for (let at = chunk.indexOf(0x0a, this.scanned - this.chunkStart); at !== -1 && at < stop;) {
        this.newlines += 1;
        at = chunk.indexOf(0x0a, at + 1);
      }
      if (stop > 0) this.lastByte = chunk[stop - 1]!;
      this.scanned = this.chunkStart + stop;
      if (stop === chunk.length) {
        this.chunks.shift();
        this.chunkStart += chunk.length;
      }
    }
    const endLine = 1 + this.newlines - (this.lastByte === 0x0a ? 1 : 0);
    let innerBreaks = 0;
    for (const cell of record)
      for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) innerBreaks += 1;
    return endLine - innerBreaks;
  }
}

/** "Customer Code", "customer_code" and "customerCode" all name the field customerCode. */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The field of each column (undefined for a column that names none) and the titles of those columns. */
type Columns = { fields: (string | undefined)[]; ignored: string[] };

function columnsOf(kind: ImportKind, header: string[]): Columns {
  const fieldByKey = new Map(importFieldsOf(kind).map((field) => [headerKey(field), field]));
  const ignored: string[] = [];
  const seen = new Set<string>();
  const fields = header.map((title) => {
    const field = fieldByKey.get(headerKey(title));
    if (!field) {
      ignored.push(title);
      return undefined;
    }
    if (seen.has(field)) throw new ImportFileError(`The header names the field ${field} twice ("${title}").`);
    seen.add(field);
    return field;
  });
  return { fields, ignored };
}

/** A record as a source row; one whose number of cells differs from the header is rejected whole. */
function rowOf({ fields }: Columns, record: string[], line: number): SourceRow {
  const value: Record<string, string> = {};
  fields.forEach((field, i) => {
    if (field && record[i] !== undefined) value[field] = record[i]!;
  });
  if (record.length !== fields.length) {
    return {
      position: { line },
      value,
      problem: `row: has ${record.length} cells but the header has ${fields.length} columns`,
    };
  }
  return { position: { line }, value };
}

/**
 * A CSV file held in memory: rows positioned by their line in the file (header = line 1), also after
 * quoted multi-line cells and blank lines. Throws ImportFileError when it is not CSV.
 */
export function parseCsvRows(
  kind: ImportKind,
  content: Buffer,
): { rows: SourceRow[]; ignoredColumns: string[] } {
  let records: CsvRecord[];
  try {
    records = parseSync(content, CSV_OPTIONS) as unknown as CsvRecord[];
  } catch (error) {
    throw notCsv(error);
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], ignoredColumns: [] };
  const columns = columnsOf(kind, header.record);
  const lines = new LineCounter();
  lines.push(content);
  lines.lineOf(header.record, header.info.bytes);
  const rows = body.map(({ record, info }) => rowOf(columns, record, lines.lineOf(record, info.bytes)));
  return { rows, ignoredColumns: columns.ignored };
}

/** The records of a CSV file as it streams in, each with the line it starts on. */
async function* csvRecords(path: string): AsyncGenerator<{ record: string[]; line: number }> {
  const lines = new LineCounter();
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      lines.push(chunk);
      done(null, chunk);
    },
  });
  const parser = parse(CSV_OPTIONS);
  // Errors reach the loop below through the parser, which the pipeline destroys with them.
  pipeline(createReadStream(path), tap, parser, () => undefined);
  try {
    for await (const { record, info } of parser as AsyncIterable<CsvRecord>)
      yield { record, line: lines.lineOf(record, info.bytes) };
  } catch (error) {
    if (error instanceof CsvError) throw notCsv(error);
    throw new ImportFileError(`Cannot read ${path}: ${(error as Error).message}`);
  } finally {
    parser.destroy();
  }
}

/** Rows handed to the import at a time while a CSV file streams in. */
const CSV_BATCH_ROWS = 1_000;

/**
 * A CSV file of any size, never held in memory whole. It is read twice: first to the end to check that it is
 * CSV with a usable header (a file that is not imports nothing, as before), then for its rows, in batches.
 */
export async function openCsvFile(
  kind: ImportKind,
  path: string,
): Promise<{ rows: AsyncIterable<SourceRow[]>; ignoredColumns: string[] }> {
  let columns: Columns = { fields: [], ignored: [] };
  let first = true;
  for await (const { record } of csvRecords(path)) {
    if (first) columns = columnsOf(kind, record);
    first = false;
  }
  async function* batches(): AsyncGenerator<SourceRow[]> {
    let batch: SourceRow[] = [];
    let header = true;
    for await (const { record, line } of csvRecords(path)) {
      if (header) {
        header = false;
        continue;
      }
      batch.push(rowOf(columns, record, line));
      if (batch.length === CSV_BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  return { rows: batches(), ignoredColumns: columns.ignored };
}
