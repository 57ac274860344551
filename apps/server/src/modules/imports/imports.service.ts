import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import type { AuditService } from '../audits/audit.service.js';
import { KIND_NOUNS, type ImportKind } from './import-schemas.js';
import {
  createRowValidator,
  emptyValidated,
  type RejectedRow,
  type SourceRow,
  type Validated,
} from './import-validation.js';
import { createImportWriter, type Written } from './import-writer.js';
import type { ImportsRepository } from './imports.repository.js';

export type { RejectedRow, RowPosition, SourceRow } from './import-validation.js';

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

/** Rows as they arrive: all at once (the API, a JSON file) or in batches as a file is read (a CSV file). */
export type SourceRows = readonly SourceRow[] | AsyncIterable<readonly SourceRow[]>;

/**
 * Rows checked between two yields to the event loop (~1 ms; ~5 ms when every row goes through zod): a
 * liveness probe or another request waits about that long at most.
 */
export const IMPORT_CHUNK_ROWS = 500;

/** Lets timers and other requests run (a liveness probe, a sign-in) between two chunks of a long import. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const isAsyncIterable = (source: SourceRows): source is AsyncIterable<readonly SourceRow[]> =>
  Symbol.asyncIterator in source;

/** The source's rows in batches of at most `size`, in order. */
async function* inBatches(source: SourceRows, size: number): AsyncGenerator<readonly SourceRow[]> {
  if (isAsyncIterable(source)) {
    for await (const batch of source)
      for (let start = 0; start < batch.length; start += size) yield batch.slice(start, start + size);
    return;
  }
  for (let start = 0; start < source.length; start += size) yield source.slice(start, start + size);
}

/** The audit entry of an import: what it wrote, from how many rows. */
function importEvent(
  kind: ImportKind,
  via: string,
  received: number,
  written: Written,
  rejected: number,
  stopped: boolean,
) {
  const [one, many] = KIND_NOUNS[kind];
  const changed = written.inserted + written.updated;
  const unchanged = written.rows - changed;
  const counts =
    `${written.inserted} new, ${written.updated} updated, ${unchanged} unchanged as posting had started, ` +
    `${rejected} rejected`;
  return stopped
    ? `Imported ${changed} ${changed === 1 ? one : many} ${via}, then stopped on an error ` +
        `(${received} received so far: ${counts}; the rows after them were not imported)`
    : `Imported ${changed} ${changed === 1 ? one : many} ${via} (${received} received: ${counts})`;
}

export function createImportsService(deps: {
  db: Db;
  timeZone: string;
  imports: ImportsRepository;
  audit: AuditService;
}) {
  const { db, imports, audit } = deps;
  const validateInto = createRowValidator(deps.timeZone);

  /**
   * Validates the rows and upserts the valid ones by source id: rows whose posting has started are never
   * changed, and rejected rows do not stop the others. Rows are checked `IMPORT_CHUNK_ROWS` at a time with a
   * yield to the event loop between chunks, and written in statements of the repository's size while the
   * next rows are checked (import-writer.ts); each statement commits on its own, and the last one commits
   * with the audit entry. Should the import stop on an error after some statements committed, the audit log
   * says what they wrote before the error is thrown.
   */
  async function importRows<K extends ImportKind>(
    kind: K,
    source: SourceRows,
    origin: ImportOrigin,
  ): Promise<ImportReport> {
    const checked: Validated<K> = emptyValidated();
    const writer = createImportWriter(kind, imports);
    let received = 0;
    try {
      for await (const batch of inBatches(source, IMPORT_CHUNK_ROWS)) {
        // Also before the first chunk: the request's body was parsed in this same turn of the event loop.
        await yieldToEventLoop();
        validateInto(kind, batch, checked);
        received += batch.length;
        while (checked.valid.length > writer.size) {
          await yieldToEventLoop();
          await writer.write(checked.valid.splice(0, writer.size));
        }
      }
      await writer.drain();
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const last = await imports.upsert(kind, checked.valid, tx);
        const written = {
          rows: writer.written.rows + checked.valid.length,
          inserted: writer.written.inserted + last.inserted,
          updated: writer.written.updated + last.updated,
        };
        const rejected = checked.rejected.length;
        await audit.record(
          origin.context,
          importEvent(kind, origin.via, received, written, rejected, false),
          tx,
        );
        return {
          kind,
          received,
          inserted: written.inserted,
          updated: written.updated,
          unchanged: written.rows - written.inserted - written.updated,
          rejected: checked.rejected,
        };
      });
    } catch (error) {
      await writer.settle();
      if (writer.written.rows > 0) {
        const event = importEvent(kind, origin.via, received, writer.written, checked.rejected.length, true);
        // The error that stopped the import is the one to report; a database that is away fails this too.
        await audit.record(origin.context, event).catch(() => undefined);
      }
      throw error;
    }
  }

  return {
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
