import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE, ALL_PERMISSIONS } from '@ff/contract';
import type { Db } from '../db/client.js';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { hashPassword, passwordProblem } from '../lib/passwords.js';
import { auditChainKey } from '../modules/audits/audit-chain.js';
import { createAuditRepository } from '../modules/audits/audit.repository.js';
import { createRolesRepository } from '../modules/roles/roles.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks.js';

const SEED_LOCK = ADVISORY_LOCKS.seed;

export type SeedResult = { administrator?: { email: string; password: string; generated: boolean } };

/**
 * Idempotent start-up seeding, safe with several processes starting at once: the permission catalogue,
 * the Administrator role holding all of it, and the first administrator on an empty database. `appKey` signs
 * the audit log; on a log written by an earlier version this starts the keyed epoch (decision 010).
 */
export async function seedFoundation(
  db: Db,
  admin: { email: string; password?: string | undefined },
  appKey: string | undefined,
): Promise<SeedResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const roles = createRolesRepository(db);
    const users = createUsersRepository(db);
    const audit = createAuditRepository(db, auditChainKey(appKey));
    await audit.startKeyedEpoch(tx);
    const roleId = await roles.ensureCatalogue(ALL_PERMISSIONS, ADMINISTRATOR_ROLE, tx);
    const [existing] = await tx
      .execute(sql`SELECT count(*)::int AS n FROM users`)
      .then((r) => (r as { rows: { n: number }[] }).rows);
    if ((existing?.n ?? 0) > 0) return {};
    const generated = admin.password === undefined;
    // The first administrator's password is held to the rule every other password set meets.
    const problem = admin.password === undefined ? undefined : passwordProblem(admin.password);
    if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
    const password = admin.password ?? randomBytes(12).toString('base64url');
    await users.create(
      {
        name: 'Administrator',
        email: admin.email.toLowerCase(),
        mobileNo: '',
        roleId,
        createdById: null,
        passwordHash: await hashPassword(password),
      },
      tx,
    );
    await audit.append(
      {
        event: `Created the first administrator ${admin.email.toLowerCase()}`,
        actorId: SYSTEM_ACTOR.id,
        actorName: SYSTEM_ACTOR.name,
        ipAddress: '127.0.0.1',
      },
      tx,
    );
    return { administrator: { email: admin.email.toLowerCase(), password, generated } };
  });
}
