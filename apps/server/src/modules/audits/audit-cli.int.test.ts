import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoundation } from '../../bootstrap/seed.js';
import { openDatabase, runMigrations, type Database } from '../../db/client.js';
import { createTestDatabase } from '../../db/test-database.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
// Two CLI processes (TypeScript compiled on the fly) and, embedded, a PGlite folder opened three times.
const CLI_TIMEOUT_MS = 120_000;

/** `audit:verify` as an operator runs it, in its own process, against the database named by the environment. */
function auditVerify(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/cli.ts', 'audit:verify'],
      { cwd: serverDir, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * On Postgres the CLI reads the test database through DATABASE_URL while it stays open here; embedded
 * PGlite belongs to one process at a time, so there the database lives in a folder that is closed
 * while the CLI runs.
 */
type Target = { env: Record<string, string>; withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>; drop(): Promise<void> };

async function createTarget(): Promise<Target> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createTestDatabase();
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    return { env: { DATABASE_URL: url }, withDatabase: (work) => work(database), drop: () => database.drop() };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'ff-audit-cli-'));
  const withDatabase = async <T>(work: (database: Database) => Promise<T>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };
  await withDatabase(runMigrations);
  return { env: { DATA_DIR: dataDir }, withDatabase, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

describe('npm run audit:verify', () => {
  let target: Target;
  beforeAll(async () => {
    target = await createTarget();
    await target.withDatabase(async ({ db }) => {
      await seedFoundation(db, { email: 'admin@example.com', password: 'Admin-Password-2024!' });
      const audit = createAuditService(createAuditRepository(db), 'Africa/Nairobi');
      for (let i = 1; i <= 5; i += 1) await audit.record({ actor: { id: 1, name: 'Administrator' }, ip: '10.0.0.1' }, `Event number ${i}`);
    });
  }, CLI_TIMEOUT_MS);
  afterAll(async () => {
    await target?.drop();
  });

  it('exits 0 on an intact log and 1 naming the altered row once a row was changed behind its back', async () => {
    const intact = await auditVerify(target.env);
    expect(intact.stderr).toBe('');
    expect(intact.code).toBe(0);
    expect(intact.stdout.trim()).toBe('Audit chain intact: 6 rows verified.');

    await target.withDatabase(async ({ db }) => {
      await db.execute(sql`ALTER TABLE audits DISABLE TRIGGER USER`);
      await db.execute(sql`UPDATE audits SET actor_name = 'Someone Else' WHERE id = 4`);
      await db.execute(sql`ALTER TABLE audits ENABLE TRIGGER USER`);
    });
    const broken = await auditVerify(target.env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^Audit chain BROKEN at row 4: its content does not match its hash \(the row was altered\)\. 3 rows before it verified\./);
  }, CLI_TIMEOUT_MS);
});
