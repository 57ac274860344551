import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postServiceLayerDocument } from '@ff/sap-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedConnectionSetting } from '../../bootstrap/connection-setting.js';
import { seedFoundation } from '../../bootstrap/seed.js';
import { openDatabase, rowsOf, runMigrations, type Database } from '../../db/client.js';
import { nairobiDay } from '../../test/posting-records.js';
import { startTestSimulator, type RunningSimulator } from '../../test/simulator.js';
import { createTestDatabase } from '../../test/test-database.js';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const CLI_TIMEOUT_MS = 120_000;
const APP_KEY = 'r'.repeat(40);

/** `npm run cli -- reconcile ...` as an operator runs it, in its own process. */
function reconcileCli(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/cli.ts', 'reconcile', ...args],
      {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'silent',
          APP_KEY,
          APP_TIMEZONE: 'Africa/Nairobi',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** On Postgres the test database by URL; embedded, a PGlite folder closed while the CLI runs. */
type Target = {
  env: Record<string, string>;
  withDatabase<T>(work: (d: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
};

async function createTarget(): Promise<Target> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    return {
      env: { DATABASE_URL: url },
      withDatabase: (work) => work(database),
      drop: () => database.drop(),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'ff-reconcile-cli-'));
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

describe('npm run cli -- reconcile', () => {
  let target: Target;
  let sim: RunningSimulator;
  const day = nairobiDay(-2);
  beforeAll(async () => {
    sim = await startTestSimulator();
    target = await createTarget();
    await target.withDatabase(async ({ db }) => {
      await seedFoundation(db, { email: 'admin@example.com', password: 'Admin-Password-2024!' }, APP_KEY);
      await seedConnectionSetting(db, APP_KEY, sim.credentials);
    });
  }, CLI_TIMEOUT_MS);
  afterAll(async () => {
    await target?.drop();
    await sim?.close();
  });

  it(
    'exits 0 on a clean range, 1 listing each difference, 2 on bad arguments or when SAP cannot be reached',
    async () => {
      const env = { ...target.env, SAP_SL_URL: sim.url };
      const clean = await reconcileCli(env, '--from', day, '--to', day);
      expect(clean.stderr).toBe('');
      expect(clean).toMatchObject({ code: 0 });
      expect(clean.stdout.trim()).toBe(
        `Reconciliation #1 of postings dated ${day} to ${day}: 0 matched, 0 differences.`,
      );

      // A cash advance journal with a key of ours that no record here carries.
      const created = await postServiceLayerDocument(sim.url, 'JournalEntries', {
        ReferenceDate: day,
        Reference3: 'FF-CA-424242',
        JournalEntryLines: [
          { ShortName: 'T20002', Debit: 100, Credit: 0 },
          { AccountCode: '110101', Debit: 0, Credit: 100 },
        ],
      });
      expect(created.status).toBe(201);
      const found = await reconcileCli(env, `--from=${day}`, `--to=${day}`);
      expect(found.code).toBe(1);
      expect(found.stdout.trim().split('\n')).toEqual([
        `Reconciliation #2 of postings dated ${day} to ${day}: 0 matched, 1 difference.`,
        '  not posted here 1',
        `  - #424242 (cash advance record): SAP has DocEntry ${created.body!.JdtNum as number} with key FF-CA-424242, but it is not posted here: there is no such record here.`,
      ]);

      expect(await reconcileCli(env, '--from', day)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--to is required.'),
      });
      expect(await reconcileCli(env, '--from', '2026-02-30', '--to', day)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--from: This is not a real calendar date.'),
      });

      const away = await reconcileCli(
        { ...target.env, SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' },
        '--from',
        day,
        '--to',
        day,
      );
      expect(away.code).toBe(2);
      expect(away.stderr).toMatch(/^Reconciliation #3 failed: SAP could not be reached/);

      // Every run is kept, as the screen lists them, started from the command line.
      const runs = await target.withDatabase(async ({ db }) =>
        rowsOf<{ trigger: string; status: string }>(
          await db.execute(sql`SELECT trigger, status FROM reconciliation_runs ORDER BY id`),
        ),
      );
      expect(runs).toEqual([
        { trigger: 'cli', status: 'done' },
        { trigger: 'cli', status: 'done' },
        { trigger: 'cli', status: 'failed' },
      ]);
    },
    CLI_TIMEOUT_MS * 2,
  );
});
