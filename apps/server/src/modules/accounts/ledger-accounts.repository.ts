import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/first-row.js';
import { ledgerAccounts } from '../../db/schema.js';

export type LedgerAccountRecord = typeof ledgerAccounts.$inferSelect;
export type LedgerAccountValues = {
  accountNumber: string;
  description: string;
  accountType: string;
  category: string;
  isActive: boolean;
};

const listColumns = {
  id: ledgerAccounts.id,
  description: ledgerAccounts.description,
  accountNumber: ledgerAccounts.accountNumber,
  category: ledgerAccounts.category,
};

export function createLedgerAccountsRepository(db: Db) {
  return {
    listActiveByType: (accountType: string) =>
      db
        .select(listColumns)
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.accountType, accountType), eq(ledgerAccounts.isActive, true)))
        .orderBy(asc(ledgerAccounts.accountNumber)),

    listActive: () =>
      db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.isActive, true))
        .orderBy(asc(ledgerAccounts.accountNumber)),

    findByNumber: (accountNumber: string, executor: Db = db): Promise<LedgerAccountRecord | undefined> =>
      firstRow(executor, ledgerAccounts, eq(ledgerAccounts.accountNumber, accountNumber)),

    /** Inserts or updates by account number; answers how many rows were new. */
    async upsert(
      rows: LedgerAccountValues[],
      executor: Db = db,
    ): Promise<{ inserted: number; updated: number }> {
      if (rows.length === 0) return { inserted: 0, updated: 0 };
      const result = await executor
        .insert(ledgerAccounts)
        .values(rows)
        .onConflictDoUpdate({
          target: ledgerAccounts.accountNumber,
          set: {
            description: sql`excluded.description`,
            accountType: sql`excluded.account_type`,
            category: sql`excluded.category`,
            isActive: sql`excluded.is_active`,
          },
        })
        // xmax is 0 on a freshly inserted row version, non-zero on one written by ON CONFLICT DO UPDATE.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const inserted = result.filter((r) => r.inserted).length;
      return { inserted, updated: result.length - inserted };
    },

    /** Inserts the rows whose account number is not there yet; never changes an existing row. */
    async insertMissing(rows: LedgerAccountValues[], executor: Db = db): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await executor
        .insert(ledgerAccounts)
        .values(rows)
        .onConflictDoNothing({ target: ledgerAccounts.accountNumber })
        .returning({ id: ledgerAccounts.id });
      return result.length;
    },
  };
}

export type LedgerAccountsRepository = ReturnType<typeof createLedgerAccountsRepository>;
