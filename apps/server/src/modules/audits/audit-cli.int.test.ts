import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoundation } from '../../bootstrap/seed.js';
import { createCliTarget, runCli, type CliTarget } from '../../test/cli-runner.js';
import { auditChainKey } from './audit-chain.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';

// Two CLI processes (TypeScript compiled on the fly) and, embedded, a PGlite folder opened three times.
const CLI_TIMEOUT_MS = 120_000;

const APP_KEY = 'c'.repeat(40);

/** An audit command as an operator runs it, in its own process, against the database named by the environment. */
const auditCli = (env: Record<string, string>, command: string, ...args: string[]) =>
  runCli({ APP_KEY, ...env }, command, ...args);

const createTarget = () => createCliTarget('audit-cli');

describe('npm run audit:verify', () => {
  let target: CliTarget;
  beforeAll(async () => {
    target = await createTarget();
    await target.withDatabase(async ({ db }) => {
      await seedFoundation(db, { email: 'admin@example.com', password: 'Admin-Password-2024!' }, APP_KEY);
      const audit = createAuditService(createAuditRepository(db, auditChainKey(APP_KEY)), 'Africa/Nairobi');
      for (let i = 1; i <= 5; i += 1)
        await audit.record({ actor: { id: 1, name: 'Administrator' }, ip: '10.0.0.1' }, `Event number ${i}`);
    });
  }, CLI_TIMEOUT_MS);
  afterAll(async () => {
    await target?.drop();
  });

  it(
    'exits 0 on an intact log and 1 listing every altered row once rows were changed behind its back',
    async () => {
      const intact = await auditCli(target.env, 'audit:verify');
      expect(intact.stderr).toBe('');
      expect(intact.code).toBe(0);
      // The keyed epoch's marker, the first administrator, five events.
      expect(intact.stdout.trim()).toBe(
        'Audit chain intact: 7 rows verified, keyed (HMAC-SHA-256) from row 1.',
      );

      await tamper(target, sql`UPDATE audits SET actor_name = 'Someone Else' WHERE id = 4`);
      await tamper(target, sql`UPDATE audits SET event = 'Nothing to see' WHERE id = 6`);
      const broken = await auditCli(target.env, 'audit:verify');
      expect(broken.code).toBe(1);
      expect(broken.stderr.trim().split('\n')).toEqual([
        'Audit chain BROKEN: 2 problem(s) in 7 rows.',
        '  row 4: its content does not match its hash (the row was altered)',
        '  row 6: its content does not match its hash (the row was altered)',
      ]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'audit:anchor prints the head; a tail deleted by the table owner passes a bare verify but not one given the anchor',
    async () => {
      // A fresh chain: the rows the previous test altered are not this test's concern.
      const fresh = await createTarget();
      try {
        await fresh.withDatabase(async ({ db }) => {
          await seedFoundation(db, { email: 'admin@example.com', password: 'Admin-Password-2024!' }, APP_KEY);
        });
        const early = await auditCli(fresh.env, 'audit:anchor');
        expect(early.code).toBe(0);
        expect(early.stdout.trim()).toMatch(/^2:[0-9a-f]{64}$/);
        await fresh.withDatabase(async ({ db }) => {
          const audit = createAuditService(
            createAuditRepository(db, auditChainKey(APP_KEY)),
            'Africa/Nairobi',
          );
          for (let i = 1; i <= 3; i += 1)
            await audit.record(
              { actor: { id: 1, name: 'Administrator' }, ip: '10.0.0.1' },
              `Later event ${i}`,
            );
        });
        const late = await auditCli(fresh.env, 'audit:anchor');
        expect(late.stdout.trim()).toMatch(/^5:[0-9a-f]{64}$/);
        const [earlyAnchor, lateAnchor] = [early.stdout.trim(), late.stdout.trim()];

        await tamper(fresh, sql`DELETE FROM audits WHERE id > 3`);
        // What the chain alone can say: the rows left still link up.
        const bare = await auditCli(fresh.env, 'audit:verify');
        expect(bare).toMatchObject({
          code: 0,
          stdout: 'Audit chain intact: 3 rows verified, keyed (HMAC-SHA-256) from row 1.\n',
        });
        // The anchor kept elsewhere says what is missing.
        const anchored = await auditCli(fresh.env, 'audit:verify', '--anchor', lateAnchor);
        expect(anchored.code).toBe(1);
        expect(anchored.stderr).toContain(
          'row 5: the anchored row is missing (the log ends at row 3): rows were removed',
        );
        const older = await auditCli(fresh.env, 'audit:verify', '--anchor', earlyAnchor);
        expect(older).toMatchObject({ code: 0, stderr: '' });
        expect(older.stdout).toContain(`Anchor ${earlyAnchor} matches.`);
        expect(await auditCli(fresh.env, 'audit:verify', '--anchor', '5:nothex')).toMatchObject({
          code: 2,
          stderr: expect.stringContaining('is not an audit anchor'),
        });
      } finally {
        await fresh.drop();
      }
    },
    CLI_TIMEOUT_MS * 2,
  );
});

/** What the table's owner can do: switch the append-only guard off, change rows, switch it on. */
async function tamper(target: CliTarget, statement: ReturnType<typeof sql>) {
  await target.withDatabase(async ({ db }) => {
    await db.execute(sql`ALTER TABLE audits DISABLE TRIGGER USER`);
    await db.execute(statement);
    await db.execute(sql`ALTER TABLE audits ENABLE TRIGGER USER`);
  });
}
