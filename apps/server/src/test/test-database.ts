import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder, openDatabase, runMigrations, type Database } from '../db/client.js';
import { counterDefinition, dashboardCounters } from '../modules/dashboard/dashboard-counters.js';

/**
 * The tests' time zone (posting-records.ts TIME_ZONE): the templates carry the dashboard's running totals installed
 * for it (issue 30), so an app started on a copy finds them current instead of installing them (about 0.7 s each).
 */
const TEMPLATE_TIME_ZONE = 'Africa/Nairobi';
const counterDefinitionHash = () => Buffer.from(counterDefinition(TEMPLATE_TIME_ZONE).hash);

/** Migrates `database` as the templates are: the schema, then the dashboard's triggers and totals. */
async function migrateTemplate(database: Database): Promise<void> {
  await runMigrations(database);
  await dashboardCounters(database.db, TEMPLATE_TIME_ZONE).install();
}

/** A test database; on Postgres also its URL (a separate process, such as a worker, can connect to it). */
export type TestDatabase = Database & { drop(): Promise<void>; url?: string };

/** A hash of the migrations' content (and `extra`): a new migration makes a new template. */
function migrationsHash(extra: Buffer[] = []): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]))
      .sort();
  for (const file of files(folder)) hash.update(file.slice(folder.length)).update(readFileSync(file));
  for (const part of extra) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The name of a migrated PGlite data directory's dump: the migrations' content and PGlite's version decide it,
 * so a new migration or a PGlite upgrade makes a new one.
 */
function templateFile(): string {
  // PGlite's version, from the package.json above its entry (the package does not export that file).
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return join(
    tmpdir(),
    `ff-test-pglite-migrated-${migrationsHash([readFileSync(join(dir, 'package.json')), counterDefinitionHash()])}.tar`,
  );
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
  await migrateTemplate(database);
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
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(baseUrl)}`);
  } catch (error) {
    // 3D000: the template is gone (another checkout's run, with other migrations, pruned it): build it again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    templateOfRun = undefined;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(baseUrl)}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  // The template is migrated; this only confirms nothing is pending (one read of drizzle's journal table).
  await runMigrations(database);
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** `baseUrl` with its database replaced by `name`. */
function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The advisory lock the test files of a run take to build the PostgreSQL template once between them. */
const TEMPLATE_LOCK = 0x66_66_74_70; // 'fftp'
let templateOfRun: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that each test file's database is copied from (`CREATE DATABASE ... TEMPLATE`):
 * a copy took about 0.3 s where creating and migrating one took 1.1-1.5 s, for each of the 300-odd databases a
 * PostgreSQL run makes. Named after the migrations' content (`ff_test_tpl_<hash>`), so a new migration builds a
 * new one; the first test file to need it builds it under an advisory lock while the others wait, and it stays on
 * the server for the next run. Building a new one prunes all but the three newest.
 */
function postgresTemplate(baseUrl: string): Promise<string> {
  templateOfRun ??= buildTemplate(baseUrl).catch((error: unknown) => {
    templateOfRun = undefined;
    throw error;
  });
  return templateOfRun;
}

async function buildTemplate(baseUrl: string): Promise<string> {
  const name = `ff_test_tpl_${migrationsHash([counterDefinitionHash()])}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under another name and renamed once migrated, so no file ever copies a half-migrated template.
    const building = `${name}_${randomBytes(3).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, building) });
    try {
      await migrateTemplate(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // The newest templates but three are pruned (newest: highest oid), so a run of another checkout with other
    // migrations keeps its template while it runs; one whose template was pruned builds it again (3D000 above).
    const stale = await admin.query<{ datname: string }>(
      String.raw`SELECT datname FROM pg_database WHERE datname LIKE 'ff\_test\_tpl\_%' ORDER BY oid DESC OFFSET 3`,
    );
    for (const { datname } of stale.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
