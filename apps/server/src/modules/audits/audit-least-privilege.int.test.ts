import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, runMigrations, type Database, type Db } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-database.js';
import { spawnApiProcess } from '../../test/api-process.js';
import { auditChainKey } from './audit-chain.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';

/**
 * Decision 010 / README: the API may run as a role that can only SELECT and INSERT on `audits` while an owner
 * role runs the migrations. Such a role cannot switch the append-only guard off, nor change or remove a row,
 * and the app's append works as it. On PostgreSQL the role logs in for real; embedded PGlite has a single
 * session, where SET ROLE gives the same privilege checks.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const ROLE = `ff_audit_writer_${randomBytes(4).toString('hex')}`;
const KEY = auditChainKey('r'.repeat(40));

let owner: Awaited<ReturnType<typeof createTestDatabase>>;
let roleDatabase: Database | undefined;

/** Runs `work` with the restricted role's connection (Postgres) or session (PGlite). */
async function asRole<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (roleDatabase) return work(roleDatabase.db);
  await owner.db.execute(sql.raw(`SET ROLE ${ROLE}`));
  try {
    return await work(owner.db);
  } finally {
    await owner.db.execute(sql`RESET ROLE`);
  }
}

beforeAll(async () => {
  owner = await createTestDatabase();
  await createAuditRepository(owner.db, KEY).append({
    event: 'Written by the owner',
    actorId: null,
    actorName: 'System',
    ipAddress: '127.0.0.1',
  });
  for (const statement of [
    `CREATE ROLE ${ROLE} LOGIN PASSWORD 'writer-password'`,
    `GRANT SELECT, INSERT ON audits TO ${ROLE}`,
    `GRANT USAGE ON SEQUENCE audits_id_seq TO ${ROLE}`,
    // To see that no migration is pending at start-up (README).
    `GRANT USAGE ON SCHEMA drizzle TO ${ROLE}`,
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${ROLE}`,
  ]) {
    await owner.db.execute(sql.raw(statement));
  }
  if (onPostgres) {
    const url = new URL((owner.pool!.options as { connectionString: string }).connectionString);
    url.username = ROLE;
    url.password = 'writer-password';
    roleDatabase = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  }
});

afterAll(async () => {
  await roleDatabase?.close();
  const baseUrl = onPostgres
    ? (owner.pool!.options as { connectionString: string }).connectionString
    : undefined;
  await owner?.drop();
  if (baseUrl) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? baseUrl });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${ROLE}`);
    await admin.end();
  }
});

const refusal = (db: Db, statement: string) =>
  db.execute(sql.raw(statement)).then(
    () => 'allowed',
    (error: unknown) => String((error as Error).cause ?? error),
  );

describe('the API as an insert-and-select-only role on audits', () => {
  it("appends through the app's repository and verifies the chain", async () => {
    await asRole(async (db) => {
      const repo = createAuditRepository(db, KEY);
      for (let i = 1; i <= 3; i += 1)
        await repo.append({
          event: `Written by the API ${i}`,
          actorId: 1,
          actorName: 'Administrator',
          ipAddress: '10.0.0.1',
        });
      expect(await createAuditService(repo, 'Africa/Nairobi').verify()).toMatchObject({
        rows: 5,
        breaks: [],
        keyedFrom: 1,
      });
    });
  });

  it('is refused UPDATE, DELETE, TRUNCATE and switching the append-only triggers off', async () => {
    const answers = await asRole(async (db) => ({
      update: await refusal(db, `UPDATE audits SET event = 'rewritten' WHERE id = 2`),
      delete: await refusal(db, 'DELETE FROM audits WHERE id = 2'),
      truncate: await refusal(db, 'TRUNCATE audits'),
      disableTriggers: await refusal(db, 'ALTER TABLE audits DISABLE TRIGGER USER'),
      dropTrigger: await refusal(db, 'DROP TRIGGER audits_no_update_delete ON audits'),
    }));
    expect(answers).toEqual({
      update: expect.stringMatching(/permission denied for table audits/),
      delete: expect.stringMatching(/permission denied for table audits/),
      truncate: expect.stringMatching(/permission denied for table audits/),
      disableTriggers: expect.stringMatching(/must be owner of table audits/),
      dropTrigger: expect.stringMatching(/must be owner of (table|relation) audits/),
    });
    expect(
      await createAuditService(createAuditRepository(owner.db, KEY), 'Africa/Nairobi').verify(),
    ).toMatchObject({ breaks: [] });
  });

  if (onPostgres) {
    it('starts: with nothing pending, the start-up migration step runs no DDL this role may not run', async () => {
      await expect(runMigrations(roleDatabase!)).resolves.toBeUndefined();
    });

    it('with a migration pending, stops with the advice to run npm run migrate as the owner', async () => {
      const recorded = rowsOf<{ hash: string; created_at: string }>(
        await owner.db.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations`),
      );
      await owner.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
      try {
        await expect(runMigrations(roleDatabase!)).rejects.toThrow(
          /migrations are pending.*Run `npm run migrate` with the owner role's DATABASE_URL/,
        );
      } finally {
        for (const row of recorded)
          await owner.db.execute(
            sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${row.hash}, ${row.created_at})`,
          );
      }
      await expect(runMigrations(roleDatabase!)).resolves.toBeUndefined();
    });

    it("runs the API process with the README's grants: it seeds, audits and serves; the owner's verify says intact", async () => {
      const database = new URL(
        (owner.pool!.options as { connectionString: string }).connectionString,
      ).pathname.slice(1);
      // README, "Running the API with least privilege": everything the app needs, minus changing audit rows.
      for (const statement of [
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ROLE}`,
        `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${ROLE}`,
        `REVOKE UPDATE, DELETE, TRUNCATE ON audits FROM ${ROLE}`,
        `GRANT CREATE ON DATABASE ${database} TO ${ROLE}`,
      ]) {
        await owner.db.execute(sql.raw(statement));
      }
      const dataDir = await mkdtemp(join(tmpdir(), 'ff-least-privilege-'));
      const api = await spawnApiProcess(
        {
          DATABASE_URL: (roleDatabase!.pool!.options as { connectionString: string }).connectionString,
          APP_KEY: 'r'.repeat(40),
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          SEED_DEMO: 'false',
          ADMIN_PASSWORD: 'Admin-Password-2024!',
        },
        180_000,
      );
      try {
        expect((await fetch(`${api.url}/health/ready`)).status).toBe(200);
      } finally {
        await api.kill('SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
      }
      const report = await createAuditService(
        createAuditRepository(owner.db, KEY),
        'Africa/Nairobi',
      ).verify();
      expect(report).toMatchObject({ breaks: [], keyedFrom: 1 });
      const events = await owner.db.execute(sql`SELECT event FROM audits ORDER BY id DESC LIMIT 1`);
      expect(rowsOf<{ event: string }>(events)[0]?.event).toBe(
        'Created the first administrator admin@example.com',
      );
    }, 240_000);
  }
});
