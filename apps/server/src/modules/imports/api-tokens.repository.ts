import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { apiTokens } from '../../db/schema.js';

export type ApiTokenRecord = typeof apiTokens.$inferSelect;
export type NewApiToken = Pick<
  typeof apiTokens.$inferInsert,
  'name' | 'tokenHash' | 'kinds' | 'expiresAt' | 'createdById' | 'createdByName'
>;

/** Not revoked and not past its expiry, by the database's clock. */
const live = and(
  isNull(apiTokens.revokedAt),
  or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
);

export function createApiTokensRepository(db: Db) {
  return {
    async create(values: NewApiToken, executor: Db = db): Promise<ApiTokenRecord> {
      const [row] = await executor.insert(apiTokens).values(values).returning();
      return row!;
    },
    /** Every token, newest first. */
    list: (): Promise<ApiTokenRecord[]> => db.select().from(apiTokens).orderBy(desc(apiTokens.id)),
    /** The live token of this name (an expired or revoked one frees its name). */
    findActiveByName: (name: string, executor: Db = db): Promise<ApiTokenRecord | undefined> =>
      firstRow(executor, apiTokens, and(eq(apiTokens.name, name), live)),
    findById: (id: number, executor: Db = db): Promise<ApiTokenRecord | undefined> =>
      firstRow(executor, apiTokens, eq(apiTokens.id, id)),
    findByHash: (tokenHash: string): Promise<ApiTokenRecord | undefined> =>
      firstRow(db, apiTokens, eq(apiTokens.tokenHash, tokenHash)),
    async revoke(id: number, executor: Db = db): Promise<ApiTokenRecord | undefined> {
      const [row] = await executor
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning();
      return row;
    },
    /** The live token with this hash, marking it used (when and from where) in the same statement. */
    async useByHash(tokenHash: string, ip: string): Promise<ApiTokenRecord | undefined> {
      const [row] = await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
        .where(and(eq(apiTokens.tokenHash, tokenHash), live))
        .returning();
      return row;
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
