import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.js';

/**
 * A fingerprint of every table of the application's schema, to prove that a refused request wrote nothing:
 * the row count of each table and, except where ordinary reads legitimately touch a row (a session's last
 * activity, an API token's last use), a hash of its whole content.
 */
export type TableSnapshot = Record<string, { rows: number; hash: string | null }>;

const TOUCHED_ON_READ = new Set(['sessions', 'api_tokens']);

export async function tableNames(database: Pick<Database, 'db'>): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`),
  );
  return rows.map((r) => r.name);
}

export async function tableSnapshot(
  database: Pick<Database, 'db'>,
  tables: readonly string[],
): Promise<TableSnapshot> {
  const parts = tables.map((name) => {
    const table = sql.identifier(name);
    const hash = TOUCHED_ON_READ.has(name)
      ? sql`NULL::text`
      : sql`md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))`;
    return sql`SELECT ${name}::text AS name, count(*)::int AS rows, ${hash} AS hash FROM ${table} t`;
  });
  const rows = rowsOf<{ name: string; rows: number; hash: string | null }>(
    await database.db.execute(sql.join(parts, sql` UNION ALL `)),
  );
  return Object.fromEntries(rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** The tables whose rows or content differ between two snapshots. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name]?.rows !== after[name]?.rows || before[name]?.hash !== after[name]?.hash)
    .sort();
}
