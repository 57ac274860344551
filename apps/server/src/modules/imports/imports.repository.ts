import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { IMPORT_KINDS, importPiece, type ImportKind, type ImportRow } from './import-schemas.js';

/** Rows per statement: the batch travels as one JSON parameter, so only memory bounds it. */
const ROWS_PER_STATEMENT = 5_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function createImportsRepository(db: Db) {
  return {
    /**
     * Inserts the rows, or overwrites the imported fields of existing rows with the same source id while
     * their posting has not started (the import's `startedStatus` is `unposted` or `failed`: for transporter
     * invoices the first journal's). Fields people type in the lists (supplier invoice number, pickup order, accounts) are not
     * touched. Run it inside the caller's transaction.
     *
     * Each chunk is one statement with a single JSON parameter unpacked by json_to_recordset: building a
     * statement with a bind parameter per value costs far more (in the query builder and the driver) than
     * Postgres spends parsing the JSON. Decimal strings stay exact on the way through.
     */
    async upsert<K extends ImportKind>(
      kind: K,
      rows: ImportRow<K>[],
      executor: Db = db,
    ): Promise<{ inserted: number; updated: number }> {
      if (rows.length === 0) return { inserted: 0, updated: 0 };
      const { table, startedStatus } = importPiece(kind);
      const columns = getTableColumns(table) as Record<string, PgColumn>;
      const fields = Object.keys(rows[0]!).map((field) => {
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
      const head = sql.raw(`INSERT INTO ${tableName} (${names}) SELECT ${names} FROM json_to_recordset(`);
      const tail = sql.raw(
        `::json) AS r(${recordType}) ON CONFLICT (${quote(table.sourceId.name)}) DO UPDATE SET ${updates} ` +
          `WHERE ${tableName}.${quote(startedStatus.name)} IN ('unposted', 'failed') ` +
          // xmax is 0 on a freshly inserted row version and set on one written by the DO UPDATE branch.
          `RETURNING (xmax = 0) AS inserted`,
      );

      let inserted = 0;
      let updated = 0;
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
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
