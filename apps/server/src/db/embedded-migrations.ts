import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';

/**
 * The migrations as embedded PGlite runs them: without PostgreSQL's trigram search indexes (decision 013: on
 * PGlite their upkeep made imports about 6x slower and stalled other requests, and the searches they serve scan
 * as fast without them). Statements are left out here, by what they do, so a migration `npm run db:generate`
 * writes for a new kind's `gin_trgm_ops` index is committed as generated and starts on both databases:
 *
 * - `CREATE EXTENSION ... pg_trgm` (PGlite does not load it),
 * - `CREATE INDEX ... gin_trgm_ops` / `gist_trgm_ops`,
 * - `DROP INDEX` of an index left out by an earlier statement (a later migration that replaces it).
 *
 * Migrations 0006 and 0010 predate this and guard the same statements with `ff.embedded` in the SQL; they are
 * left out here too (their DO blocks would skip themselves). A migration's hash is of its file and is unchanged,
 * so a database migrated either way records the same history.
 */
export function embeddedMigrations(folder: string): MigrationMeta[] {
  const trigramIndexes = new Set<string>();
  return readMigrationFiles({ migrationsFolder: folder }).map((migration) => ({
    ...migration,
    sql: migration.sql.filter((statement) => keepOnEmbedded(statement, trigramIndexes)),
  }));
}

const TRIGRAM_EXTENSION = /\bCREATE\s+EXTENSION\b[^;]*\bpg_trgm\b/i;
const TRIGRAM_INDEX =
  /\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?("(?:[^"]|"")+"|[\w$]+)[^;]*?\b(?:gin|gist)_trgm_ops\b/gi;
const DROP_INDEX =
  /^\s*DROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+EXISTS\s+)?((?:"(?:[^"]|"")+"|[\w$]+)(?:\.(?:"(?:[^"]|"")+"|[\w$]+))?)\s*(?:CASCADE|RESTRICT)?\s*;?\s*$/i;

/** An identifier as PostgreSQL folds it: quoted kept as written, unquoted lower-cased; the schema dropped. */
function indexName(identifier: string): string {
  const last = identifier.match(/(?:"(?:[^"]|"")+"|[\w$]+)$/)?.[0] ?? identifier;
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
}

/** Whether embedded PGlite runs `statement`; remembers the trigram indexes it leaves out. */
export function keepOnEmbedded(statement: string, trigramIndexes: Set<string>): boolean {
  if (TRIGRAM_EXTENSION.test(statement)) return false;
  const created = [...statement.matchAll(TRIGRAM_INDEX)].map((match) => indexName(match[1]!));
  if (created.length > 0) {
    for (const name of created) trigramIndexes.add(name);
    return false;
  }
  const dropped = statement.match(DROP_INDEX);
  return !(dropped && trigramIndexes.has(indexName(dropped[1]!)));
}
