import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../db/client.js';

/** A test database; on Postgres also its URL (a separate process, such as a worker, can connect to it). */
export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * created on the server named by TEST_DATABASE_URL and dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite' });
    await runMigrations(database);
    return { ...database, drop: () => database.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL.');
  const name = `ff_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
