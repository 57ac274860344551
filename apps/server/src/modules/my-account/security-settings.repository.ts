import { eq } from 'drizzle-orm';
import { securitySettings } from '../../db/account-schema.js';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';

const ROW = 1;

/** The one row of security settings; without it every setting has its default (off). */
export function createSecuritySettingsRepository(db: Db) {
  return {
    async get(executor: Db = db) {
      const row = await firstRow(executor, securitySettings, eq(securitySettings.id, ROW));
      return { requireTwoFactorForAdmins: row?.requireTwoFactorForAdmins ?? false };
    },
    async set(values: { requireTwoFactorForAdmins: boolean }, userId: number, executor: Db = db) {
      const row = { ...values, updatedAt: new Date(), updatedById: userId };
      await executor
        .insert(securitySettings)
        .values({ id: ROW, ...row })
        .onConflictDoUpdate({ target: securitySettings.id, set: row });
    },
  };
}

export type SecuritySettingsRepository = ReturnType<typeof createSecuritySettingsRepository>;
