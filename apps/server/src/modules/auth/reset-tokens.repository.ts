import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { passwordResetTokens } from '../../db/schema.js';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.js';

export type TokenPurpose = 'reset' | 'invite';

/** One live token per user; issuing a new one replaces the old, using one deletes it. */
export function createResetTokensRepository(db: Db) {
  return {
    async issue(userId: number, purpose: TokenPurpose, validMinutes: number, executor: Db = db) {
      const token = randomToken(32);
      const now = new Date();
      const row = {
        userId,
        tokenHash: sha256Hex(token),
        purpose,
        createdAt: now,
        expiresAt: new Date(now.getTime() + validMinutes * 60_000),
      };
      await executor
        .insert(passwordResetTokens)
        .values(row)
        .onConflictDoUpdate({ target: passwordResetTokens.userId, set: row });
      return token;
    },
    find(userId: number) {
      return firstRow(db, passwordResetTokens, eq(passwordResetTokens.userId, userId));
    },
    /** True when `token` is the user's live token; it is not consumed here. */
    async matches(userId: number, token: string): Promise<boolean> {
      const row = await this.find(userId);
      if (!row || row.expiresAt <= new Date()) return false;
      return safeEqual(row.tokenHash, sha256Hex(token));
    },
    /**
     * Deletes the user's token if it is still `token` and live; answers whether it did. Only one of two
     * concurrent uses of a token can delete it, so a token sets a password at most once.
     */
    async consume(userId: number, token: string, executor: Db = db): Promise<boolean> {
      const deleted = await executor
        .delete(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.tokenHash, sha256Hex(token)),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return deleted.length === 1;
    },
  };
}

export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
