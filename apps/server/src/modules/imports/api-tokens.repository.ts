import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { apiTokens } from '../../db/schema.js';

export type ApiTokenRecord = typeof apiTokens.$inferSelect;

export function createApiTokensRepository(db: Db) {
  return {
    async create(values: { name: string; tokenHash: string }, executor: Db = db): Promise<ApiTokenRecord> {
      const [row] = await executor.insert(apiTokens).values(values).returning();
      return row!;
    },
    list: (): Promise<ApiTokenRecord[]> => db.select().from(apiTokens).orderBy(asc(apiTokens.id)),
    findActiveByName: (name: string, executor: Db = db): Promise<ApiTokenRecord | undefined> =>
      firstRow(executor, apiTokens, and(eq(apiTokens.name, name), isNull(apiTokens.revokedAt))),
    findById: (id: number, executor: Db = db): Promise<ApiTokenRecord | undefined> =>
      firstRow(executor, apiTokens, eq(apiTokens.id, id)),
    revoke: (id: number, executor: Db = db) =>
      executor
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt))),
    /** The active token with this hash, marking it used in the same statement. */
    async useByHash(tokenHash: string): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db
        .update(apiTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id, name: apiTokens.name });
      return row;
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
