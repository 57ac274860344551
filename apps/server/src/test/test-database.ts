import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../db/client.js';

/** A test database; on Postgres also its URL (a separate process, such as a worker, can connect to it). */
export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/**
 * The name of a migrated PGlite data directory's dump: the migrations' content and PGlite's version decide it,
 * so a new migration or a PGlite upgrade makes a new one.
 */
function templateFile(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]))
      .sort();
  for (const file of files(folder)) hash.update(file.slice(folder.length)).update(readFileSync(file));
  // PGlite's version, from the package.json above its entry (the package does not export that file).
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  hash.update(readFileSync(join(dir, 'package.json')));
  return join(tmpdir(), `ff-test-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A migrated in-memory PGlite database. Creating one (initdb, then every migration) took about 3.5 s a test
 * file; loading the dump of one made earlier takes about 1 s. The first test file of a run on this machine
 * writes the dump (to a temporary name, then renamed, so a file running beside it never reads half of one).
 */
async function migratedPglite(): Promise<Database> {
  const file = templateFile();
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(file);
  } catch {
    // Not made yet on this machine.
  }
  if (dump) return openDatabase({ kind: 'pglite', loadDataDir: new Blob([new Uint8Array(dump)]) });
  const database = await openDatabase({ kind: 'pglite' });
  await runMigrations(database);
  const made = await database.pglite!.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, new Uint8Array(await made.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * created on the server named by TEST_DATABASE_URL and dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await migratedPglite();
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
