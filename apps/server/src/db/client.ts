import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks.js';
import { embeddedMigrations } from './embedded-migrations.js';
import { pgliteMemoryOptions } from './pglite-options.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One type for both drivers: PGlite (embedded) and node-postgres (a server). Transactions share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance in embedded mode (pg-boss needs raw access); undefined on Postgres. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string /* undefined = in memory */;
      /** A data directory dumped by PGlite's `dumpDataDir` to start from (tests: a migrated database). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; max?: number };

/** How long a query waits for a connection (a new one, or a free pooled one) before it fails. */
export const POOL_CONNECT_TIMEOUT_MS = 30_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    // A smaller buffer pool than initdb's 128 MB: about 110 MB less resident, lists as fast (pglite-options.ts).
    const pgliteOptions = {
      ...pgliteMemoryOptions(),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    };
    const client = options.dataDir
      ? new PGlite(resolve(options.dataDir), pgliteOptions)
      : new PGlite(pgliteOptions);
    await client.waitReady;
    // Marks the session embedded for migrations 0006 and 0010, which leave out the trigram search indexes here
    // in their own SQL (later ones need not: embedded-migrations.ts): their upkeep made imports 6x slower and
    // stalled other requests, while a search over the rows still to post scans them in ~175 ms at 100,000
    // rows either way (docs/decisions/013-server-side-lists.md).
    await client.exec("SET ff.embedded = 'on'");
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return { db, kind: 'pglite', pglite: client, close: () => client.close() };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A server that does not answer (a failover in progress, a network partition) fails a request after 30 s
    // instead of holding it for the TCP timeout; it is also the longest a query waits for a free pooled
    // connection. No statement or lock timeout: big imports and list queries may legitimately take long.
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // No JIT compilation for this product's statements (docs/decisions/025-jit-off.md): with real statistics it
    // compiled the dashboard's statement on every call (about 370 ms of 680). An `options` parameter in
    // DATABASE_URL takes precedence, for an operator who wants it back.
    options: '-c jit=off',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // A client checked out of the pool (a transaction, the migration lock) has no listener of the pool's: a lost
  // connection would be an unhandled 'error' event, which ends the process. The statement it was running fails
  // with the error, and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** Finds apps/server/drizzle from source (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder.');
}

const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

/**
 * Whether the folder holds a migration the database has not recorded, by the migrator's own rule (newer
 * than the latest `created_at`). Unknown (no table yet, no right to read it) counts as pending.
 */
async function migrationsPending(client: pg.PoolClient, folder: string): Promise<boolean> {
  const latest = Math.max(...readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis));
  try {
    const { rows } = await client.query<{ last: string | null }>(
      'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
    );
    return rows[0]?.last == null || Number(rows[0].last) < latest;
  } catch {
    return true;
  }
}

/**
 * Applies pending migrations; on Postgres under an advisory lock so several processes can start at once.
 * With nothing pending it runs no DDL at all, so an API role without DDL rights (the owner migrates with
 * `npm run migrate`, README) starts; with something pending such a role stops with that advice.
 */
export async function runMigrations(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
    // drizzle's PGlite migrator, with the statements embedded PGlite leaves out (embedded-migrations.ts).
    const { dialect, session } = database.db as unknown as { dialect: PgDialect; session: PgSession };
    await dialect.migrate(embeddedMigrations(folder), session, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (!(await migrationsPending(client, folder))) return;
    await migratePg(database.db as never, { migrationsFolder: folder }).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code !== '42501') throw error;
      throw new Error(
        'Database migrations are pending, and this DATABASE_URL role may not change the schema. Run `npm run migrate` with the ' +
          "owner role's DATABASE_URL first.",
        { cause: error },
      );
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Runs one statement and answers its rows as arrays of column values in select order. */
export type ArrayRowsQuery = (text: string, params: unknown[]) => Promise<unknown[][]>;

/**
 * The driver itself in array row mode, for large reads that drizzle would map row by row (the lists: about
 * 1.5x the driver's own time on 50,000 rows, bench:list). Default type parsers: int4 as numbers, numeric and
 * text as strings; callers select timestamps already formatted as text.
 */
export function arrayRowsQuery(database: Database): ArrayRowsQuery {
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    return async (text, params) => (await pglite.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  }
  const pool = database.pool!;
  return async (text, params) =>
    (await pool.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
}

/** Rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
