import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { connectionSettings } from '../../db/schema.js';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';

export type ConnectionSettingRecord = typeof connectionSettings.$inferSelect;

/** Serialises "create the row when the table is empty" across API processes. */
const CREATE_LOCK = ADVISORY_LOCKS.connectionSetting;

export function createConnectionSettingsRepository(db: Db) {
  return {
    list: (executor: Db = db): Promise<ConnectionSettingRecord[]> =>
      executor.select().from(connectionSettings).orderBy(asc(connectionSettings.id)),

    /** The connection in use: the first row. */
    async first(executor: Db = db): Promise<ConnectionSettingRecord | undefined> {
      const [row] = await executor
        .select()
        .from(connectionSettings)
        .orderBy(asc(connectionSettings.id))
        .limit(1);
      return row;
    },

    findById: (id: number, executor: Db = db): Promise<ConnectionSettingRecord | undefined> =>
      firstRow(executor, connectionSettings, eq(connectionSettings.id, id)),

    update: (
      id: number,
      values: { companyDb: string; username: string; passwordEncrypted?: string; updatedById: number | null },
      executor: Db = db,
    ) =>
      executor
        .update(connectionSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(connectionSettings.id, id)),

    /** Inserts `values` only when there is no row yet; answers whether it did. Safe with several processes. */
    insertIfEmpty(values: {
      companyDb: string;
      username: string;
      passwordEncrypted: string | null;
    }): Promise<boolean> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CREATE_LOCK})`);
        const [existing] = await tx.select({ id: connectionSettings.id }).from(connectionSettings).limit(1);
        if (existing) return false;
        await tx.insert(connectionSettings).values({ ...values, updatedById: null });
        return true;
      });
    },
  };
}

export type ConnectionSettingsRepository = ReturnType<typeof createConnectionSettingsRepository>;
