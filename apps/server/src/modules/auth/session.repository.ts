import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { securitySettings, twoFactorChallenges, userTwoFactor } from '../../db/account-schema.js';
import type { Db } from '../../db/client.js';
import { permissions, rolePermissions, roles, sessions, users } from '../../db/schema.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { roleNeedsTwoFactor, type LoadedSession, type SessionUser } from '../../plugins/session.js';

export type { LoadedSession, SessionUser };

export type SessionPolicy = { idleMinutes: number; absoluteHours: number };

export function createSessionRepository(db: Db, policy: SessionPolicy) {
  const idleMs = policy.idleMinutes * 60_000;
  // Writing the row on every request would be wasteful; a tenth of the idle window (at most a minute) of
  // slack keeps a user who is active more often than the idle limit signed in, even with short limits.
  const touchAfterMs = Math.min(60_000, idleMs / 10);
  /**
   * Ends the user's sign-ins that wait for their two-factor code. Their sessions (which have no user) stay,
   * so the browser's next code is answered "Your sign-in has expired" (422) rather than a CSRF 419.
   */
  const endPendingSignIns = (userId: number, executor: Db) =>
    executor.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));

  return {
    /** How long the session cookie is kept: as long as a session can live. */
    cookieMaxAgeSeconds: policy.absoluteHours * 3600,

    /**
     * Creates a session and returns the raw cookie token; only its hash is stored. `twoFactorPassed`: it is
     * opened by a second factor (the two-factor challenge, or turning two-factor on).
     */
    async create(
      input: { userId: number | null; ip: string; userAgent: string; twoFactorPassed?: boolean },
      executor: Db = db,
    ) {
      const token = randomToken();
      const csrfToken = randomToken();
      const now = new Date();
      await executor.insert(sessions).values({
        id: sha256Hex(token),
        userId: input.userId,
        csrfToken,
        createdAt: now,
        lastSeenAt: now,
        idleExpiresAt: new Date(now.getTime() + idleMs),
        absoluteExpiresAt: new Date(now.getTime() + policy.absoluteHours * 3_600_000),
        ipAddress: input.ip,
        userAgent: input.userAgent.slice(0, 500),
        twoFactorPassed: input.twoFactorPassed ?? false,
      });
      return { token, csrfToken };
    },

    /** The live session for a cookie token, with its user, role and permissions; null when expired. */
    async find(token: string): Promise<LoadedSession | null> {
      const now = new Date();
      const [row] = await db
        .select({
          id: sessions.id,
          csrfToken: sessions.csrfToken,
          lastSeenAt: sessions.lastSeenAt,
          twoFactorPassed: sessions.twoFactorPassed,
          idleExpiresAt: sessions.idleExpiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
          userId: users.id,
          name: users.name,
          email: users.email,
          isActive: users.isActive,
          roleId: roles.id,
          roleName: roles.name,
          roleActive: roles.isActive,
          twoFactorEnabled: sql<boolean>`EXISTS (SELECT 1 FROM ${userTwoFactor} WHERE ${userTwoFactor.userId} = ${users.id} AND ${userTwoFactor.enabledAt} IS NOT NULL)`,
          requireTwoFactor: sql<boolean>`EXISTS (SELECT 1 FROM ${securitySettings} WHERE ${securitySettings.requireTwoFactorForAdmins})`,
        })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(eq(sessions.id, sha256Hex(token)))
        .limit(1);
      if (!row || row.idleExpiresAt <= now || row.absoluteExpiresAt <= now) return null;
      let user: SessionUser | null = null;
      if (row.userId !== null && row.roleId !== null) {
        const granted = await db
          .select({ name: permissions.name })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(rolePermissions.roleId, row.roleId));
        const names = granted.map((g) => g.name).sort();
        const twoFactorEnabled = Boolean(row.twoFactorEnabled);
        const twoFactorRequired = roleNeedsTwoFactor(names, Boolean(row.requireTwoFactor));
        user = {
          id: row.userId,
          name: row.name ?? '',
          email: row.email ?? '',
          isActive: row.isActive ?? false,
          roleId: row.roleId,
          roleName: row.roleName ?? '',
          roleActive: row.roleActive ?? false,
          permissions: names,
          twoFactorEnabled,
          twoFactorRequired,
          twoFactorSetupRequired: twoFactorRequired && !twoFactorEnabled,
        };
      }
      const { id, csrfToken, lastSeenAt, twoFactorPassed } = row;
      return { id, csrfToken, lastSeenAt, twoFactorPassed, user };
    },

    /** Slides the idle expiry when the session was last seen a while ago. */
    async touchIfStale(session: LoadedSession) {
      if (Date.now() - session.lastSeenAt.getTime() > touchAfterMs) await this.touch(session.id);
    },

    /** Slides the idle expiry (never past the absolute one). */
    async touch(id: string) {
      const now = new Date();
      await db
        .update(sessions)
        .set({
          lastSeenAt: now,
          idleExpiresAt: sql`LEAST(${new Date(now.getTime() + idleMs)}::timestamptz, ${sessions.absoluteExpiresAt})`,
        })
        .where(eq(sessions.id, id));
    },

    async rotateCsrf(id: string) {
      const csrfToken = randomToken();
      await db.update(sessions).set({ csrfToken }).where(eq(sessions.id, id));
      return csrfToken;
    },

    destroy: (id: string, executor: Db = db) => executor.delete(sessions).where(eq(sessions.id, id)),
    /** Ends every session of the user, and every sign-in of theirs still waiting for its two-factor code. */
    async destroyForUser(userId: number, executor: Db = db) {
      await endPendingSignIns(userId, executor);
      await executor.delete(sessions).where(eq(sessions.userId, userId));
    },
    destroyForRole: (roleId: number, executor: Db = db) =>
      executor
        .delete(sessions)
        .where(
          inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId))),
        ),

    /** The user's live sessions, most recently seen first. */
    listForUser(userId: number) {
      const now = new Date();
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            sql`${sessions.idleExpiresAt} > ${now}`,
            sql`${sessions.absoluteExpiresAt} > ${now}`,
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /**
     * Ends every session of the user but `keepId`, and their sign-ins waiting for a two-factor code (a new
     * password must end those too); answers how many sessions ended.
     */
    async destroyOthers(userId: number, keepId: string, executor: Db = db) {
      await endPendingSignIns(userId, executor);
      const ended = await executor
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    pruneExpired() {
      const now = new Date();
      return db
        .delete(sessions)
        .where(or(lt(sessions.idleExpiresAt, now), lt(sessions.absoluteExpiresAt, now)));
    },

    countForUser: async (userId: number) =>
      (
        await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, userId)))
      ).length,
  };
}

/**
 * The id a session is shown by (My Account's list): derived from the stored hash, so it reveals neither the
 * cookie token nor the hash, and is stable for the session's life.
 */
export const publicSessionId = (id: string) =>
  sha256Hex(`freight-finance/session-public-id:${id}`).slice(0, 32);

export type SessionRepository = ReturnType<typeof createSessionRepository>;
