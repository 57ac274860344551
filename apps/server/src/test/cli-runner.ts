import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, runMigrations, type Database } from '../db/client.js';
import { createTestDatabase } from './test-database.js';

/**
 * Tests only: the operator command line (`npm run cli -- <command>`) as an operator runs it, in its own process
 * from source (src/cli.ts through tsx), and the database it runs against.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * Runs `command` with `args` and only the given environment (over PATH, HOME and a silent log): nothing of the
 * test runner's environment leaks in. Answers the exit code and everything written to stdout and stderr.
 */
export function runCli(env: Record<string, string>, command: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/cli.ts', command, ...args],
      {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'silent',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The database a CLI test runs the command against. On Postgres the CLI reads the test database through
 * DATABASE_URL while it stays open here; embedded PGlite belongs to one process at a time, so there the
 * database lives in a folder that is closed while the CLI runs.
 */
export type CliTarget = {
  /** What tells the CLI where the database is (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
};

/** A fresh, migrated database for a CLI test; `name` names its PGlite folder (`ff-<name>-...`). */
export async function createCliTarget(name: string): Promise<CliTarget> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    return {
      env: { DATABASE_URL: url },
      withDatabase: (work) => work(database),
      drop: () => database.drop(),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), `ff-${name}-`));
  const withDatabase = async <T>(work: (database: Database) => Promise<T>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };
  await withDatabase(runMigrations);
  return {
    env: { DATA_DIR: dataDir },
    withDatabase,
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
