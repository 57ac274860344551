import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, runMigrations } from '../db/client.js';
import type { PostingDatabase } from './posting-harness.js';

/**
 * Tests only: a database an operator backs up and restores (issue 28), on the engine the suite runs on. Embedded
 * PGlite: a data directory on disk, copied while closed and copied back (what `cp -a DATA_DIR/pgdata` does). A
 * PostgreSQL server: a copy made with `CREATE DATABASE ... TEMPLATE` (a dump and restore in one statement).
 * `open()` answers the database migrated, as the app opens it at start-up; its `drop` only closes it.
 */
export type RestorableDatabase = {
  open(): Promise<PostingDatabase>;
  /** The nightly backup: the database must be closed. */
  backup(): Promise<void>;
  /** The backup put back in place of the database (closed). */
  restore(): Promise<void>;
  /** Removes the database and its backup. */
  remove(): Promise<void>;
};

export async function createRestorableDatabase(): Promise<RestorableDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const root = mkdtempSync(join(tmpdir(), 'ff-restore-'));
    const [live, saved] = [join(root, 'pgdata'), join(root, 'backup')];
    return {
      async open() {
        const database = await openDatabase({ kind: 'pglite', dataDir: live });
        await runMigrations(database);
        return { ...database, drop: () => database.close() };
      },
      async backup() {
        rmSync(saved, { recursive: true, force: true });
        cpSync(live, saved, { recursive: true });
      },
      async restore() {
        rmSync(live, { recursive: true, force: true });
        cpSync(saved, live, { recursive: true });
      },
      async remove() {
        rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL.');
  const name = `ff_restore_${randomBytes(6).toString('hex')}`;
  const admin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    async open() {
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      await runMigrations(database);
      return { ...database, url: url.toString(), drop: () => database.close() };
    },
    backup: () =>
      admin(`DROP DATABASE IF EXISTS ${name}_backup`, `CREATE DATABASE ${name}_backup TEMPLATE ${name}`),
    restore: () =>
      admin(`DROP DATABASE ${name} WITH (FORCE)`, `CREATE DATABASE ${name} TEMPLATE ${name}_backup`),
    remove: () =>
      admin(
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${name}_backup WITH (FORCE)`,
      ),
  };
}
