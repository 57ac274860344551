import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import {
  IMPORT_KINDS,
  importFieldsOf,
  importPiece,
  type ImportKind,
  type ImportRow,
} from './import-schemas.js';

/**
 * How an import writes on this database. PostgreSQL runs a statement in its own process, so large statements
 * (fewest round trips; 5,000 rows measured as fast as 20,000 and 1.6x 100) cost this thread only their JSON,
 * and the next rows are checked while one is written. Embedded PGlite runs each statement on this thread, so
 * its statements start at 100 rows (~10 ms without the search indexes) and the writer (import-writer.ts)
 * sizes them to what the thread can spare.
 */
export type WritePlan = { rowsPerStatement: number; embedded: boolean };
const SERVER_PLAN: WritePlan = { rowsPerStatement: 5_000, embedded: false };
const EMBEDDED_PLAN: WritePlan = { rowsPerStatement: 100, embedded: true };
/** The most rows one statement carries (its JSON parameter is built in memory). */
const MAX_ROWS_PER_STATEMENT = 5_000;

/** Embedded mode: drizzle's PGlite database carries its PGlite instance as `$client`. */
const isEmbedded = (db: Db) => (db as { $client?: unknown }).$client instanceof PGlite;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Statement = { fields: { field: string; name: string }[]; head: SQL; tail: SQL };

/**
 * The upsert of a kind's rows as one statement with a single JSON parameter unpacked by json_to_recordset:
 * building a statement with a bind parameter per value costs far more (in the query builder and the driver)
 * than Postgres spends parsing the JSON. Decimal strings stay exact on the way through.
 */
function upsertStatement(kind: ImportKind): Statement {
  const { table, startedStatus } = importPiece(kind);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fields = importFieldsOf(kind).map((field) => {
    const column = columns[field];
    if (!column) throw new Error(`No column for import field ${kind}.${field}`);
    return { field, name: column.name, type: column.getSQLType() };
  });
  const tableName = quote(getTableName(table));
  const names = fields.map((f) => quote(f.name)).join(', ');
  const recordType = fields.map((f) => `${quote(f.name)} ${f.type}`).join(', ');
  const updates = fields
    .filter((f) => f.field !== 'sourceId')
    .map((f) => `${quote(f.name)} = excluded.${quote(f.name)}`)
    .concat(`${quote(columns.updatedAt!.name)} = now()`)
    .join(', ');
  return {
    fields,
    head: sql.raw(`INSERT INTO ${tableName} (${names}) SELECT ${names} FROM json_to_recordset(`),
    tail: sql.raw(
      `::json) AS r(${recordType}) ON CONFLICT (${quote(table.sourceId.name)}) DO UPDATE SET ${updates} ` +
        `WHERE ${tableName}.${quote(startedStatus.name)} IN ('unposted', 'failed') ` +
        // xmax is 0 on a freshly inserted row version and set on one written by the DO UPDATE branch.
        `RETURNING (xmax = 0) AS inserted`,
    ),
  };
}

const statements = new Map<ImportKind, Statement>();
const statementOf = (kind: ImportKind) => {
  let statement = statements.get(kind);
  if (!statement) statements.set(kind, (statement = upsertStatement(kind)));
  return statement;
};

export function createImportsRepository(db: Db) {
  const writePlan = isEmbedded(db) ? EMBEDDED_PLAN : SERVER_PLAN;
  return {
    /** How imports write on this database (statement size; whether statements run on this thread). */
    writePlan,

    /**
     * Inserts the rows, or overwrites the imported fields of existing rows with the same source id while
     * their posting has not started (the import's `startedStatus` is `unposted` or `failed`: for transporter
     * invoices the first journal's). Fields people type in the lists (supplier invoice number, pickup order,
     * accounts) are not touched. One statement per 5,000 rows, each atomic; the caller passes its
     * transaction to make several one.
     */
    async upsert<K extends ImportKind>(
      kind: K,
      rows: readonly ImportRow<K>[],
      executor: Db = db,
    ): Promise<{ inserted: number; updated: number }> {
      const { fields, head, tail } = statementOf(kind);
      const size = MAX_ROWS_PER_STATEMENT;
      let inserted = 0;
      let updated = 0;
      for (let start = 0; start < rows.length; start += size) {
        const chunk = rows.slice(start, start + size).map((row) => {
          const record: Record<string, unknown> = {};
          for (const f of fields) record[f.name] = (row as Record<string, unknown>)[f.field];
          return record;
        });
        const result = await executor.execute(sql`${head}${JSON.stringify(chunk)}${tail}`);
        for (const row of rowsOf<{ inserted: boolean }>(result)) {
          if (row.inserted) inserted += 1;
          else updated += 1;
        }
      }
      return { inserted, updated };
    },

    /** True when any trip record of any kind exists (the demo set loads only into an empty database). */
    async hasAnyRecords(): Promise<boolean> {
      const probes = IMPORT_KINDS.map((kind) => sql`EXISTS (SELECT 1 FROM ${importPiece(kind).table})`);
      const result = await db.execute(sql`SELECT (${sql.join(probes, sql` OR `)}) AS "any"`);
      return rowsOf<{ any: boolean }>(result)[0]?.any === true;
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
