import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  twoFactorChallenges,
  userRecoveryCodes,
  userTwoFactor,
  type ThrottleAdmissionRecord,
} from '../../db/account-schema.js';

export const CHALLENGE_MINUTES = 5;

/** Two-factor sign-in's rows: the sealed secret, the recovery codes' hashes, the pending sign-ins. */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: number) {
      const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
      return row;
    },

    async isEnabled(userId: number) {
      const [row] = await db
        .select({ userId: userTwoFactor.userId })
        .from(userTwoFactor)
        .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
        .limit(1);
      return Boolean(row);
    },

    /** A new, not yet active secret; replaces an unconfirmed one, never an active one (answers false then). */
    async startEnrolment(userId: number, secretSealed: string) {
      const rows = await db
        .insert(userTwoFactor)
        .values({ userId, secretSealed })
        .onConflictDoUpdate({
          target: userTwoFactor.userId,
          set: { secretSealed, createdAt: new Date(), lastUsedStep: null },
          setWhere: isNull(userTwoFactor.enabledAt),
        })
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    /**
     * Records `step` as used when it is later than the last accepted one: of two requests with the same code
     * only one gets true (the row is updated with a condition, in one statement).
     */
    async acceptStep(userId: number, step: number, executor: Db = db) {
      const rows = await executor
        .update(userTwoFactor)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    async enable(userId: number, codeHashes: string[], executor: Db) {
      await executor
        .update(userTwoFactor)
        .set({ enabledAt: new Date() })
        .where(eq(userTwoFactor.userId, userId));
      await this.replaceRecoveryCodes(userId, codeHashes, executor);
    },

    async disable(userId: number, executor: Db) {
      await executor.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
      await executor.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], executor: Db = db) {
      await executor.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await executor.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /**
     * Uses up a recovery code: 'accepted' for exactly one request presenting it, 'used' for every later one, and
     * 'unknown' for a code the user never had (or had before the codes were renewed).
     */
    async consumeRecoveryCode(
      userId: number,
      codeHash: string,
      executor: Db = db,
    ): Promise<'accepted' | 'used' | 'unknown'> {
      const mine = and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash));
      const taken = await executor
        .update(userRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(mine, isNull(userRecoveryCodes.usedAt)))
        .returning({ userId: userRecoveryCodes.userId });
      if (taken.length > 0) return 'accepted';
      const [spent] = await executor
        .select({ userId: userRecoveryCodes.userId })
        .from(userRecoveryCodes)
        .where(mine);
      return spent ? 'used' : 'unknown';
    },

    async recoveryCodesLeft(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /**
     * Ties a pending sign-in of `userId` to the session `sessionId` for CHALLENGE_MINUTES, with the throttle's
     * count of its password (given back once the code is accepted).
     */
    async createChallenge(
      sessionId: string,
      userId: number,
      { email, ip, hits }: ThrottleAdmissionRecord,
      executor: Db = db,
    ) {
      const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
      const passwordAdmission = { email, ip, hits };
      await executor.insert(twoFactorChallenges).values({ sessionId, userId, expiresAt, passwordAdmission });
    },

    /** The session's live pending sign-in, if any: its user and the throttle's count of its password. */
    async challengeOf(sessionId: string) {
      const [row] = await db
        .select({
          userId: twoFactorChallenges.userId,
          passwordAdmission: twoFactorChallenges.passwordAdmission,
        })
        .from(twoFactorChallenges)
        .where(
          and(eq(twoFactorChallenges.sessionId, sessionId), gt(twoFactorChallenges.expiresAt, new Date())),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
