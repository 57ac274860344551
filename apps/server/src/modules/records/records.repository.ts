import { eq } from 'drizzle-orm';
import type { RecordKindName, RecordRowOf } from '@ff/contract';
import type { ArrayRowsQuery, Db } from '../../db/client.js';
import { ledgerAccounts } from '../../db/schema.js';
import { SERVER_KINDS } from './kinds/index.js';
import type { LedgerAccountRecord } from './kinds/shared/ledgers.js';
import { listContext, type InstantRange, type ListStatement } from './kinds/shared/list.js';

export type { InstantRange } from './kinds/shared/list.js';
export type { LedgerAccountLookup, LedgerAccountRecord } from './kinds/shared/ledgers.js';

/**
 * The "still to post" lists, each kind's query from its folder (kinds/<kind>/index.ts), and the ledger
 * accounts the posting rules check.
 */
export function createRecordsRepository(db: Db, timeZone: string, arrayRows?: ArrayRowsQuery) {
  const context = listContext(db, timeZone);

  /**
   * A list statement built by drizzle, run through the driver in array row mode and shaped in one loop
   * (drizzle's own row mapping costs up to 1.6x the database time on a 50,000-row list; bench:list).
   */
  async function run<R>(statement: ListStatement<R>): Promise<R[]> {
    // Without a driver runner (the benchmark reading the SQL) drizzle runs the statement and maps the rows.
    if (!arrayRows) return statement;
    const { sql: text, params } = statement.toSQL();
    const fields = Object.keys(statement._.selectedFields);
    const rows = await arrayRows(text, params);
    const out = new Array<R>(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      const values = rows[i]!;
      const row: Record<string, unknown> = {};
      for (let f = 0; f < fields.length; f += 1) row[fields[f]!] = values[f];
      out[i] = row as R;
    }
    return out;
  }

  /** A kind's list statement, from its folder (kinds/<kind>/index.ts). */
  function statement<K extends RecordKindName>(kind: K, range: InstantRange): ListStatement<RecordRowOf<K>> {
    const query = SERVER_KINDS[kind].list as unknown as (
      ctx: typeof context,
      range: InstantRange,
    ) => ListStatement<RecordRowOf<K>>;
    return query(context, range);
  }

  return {
    async ledgerAccount(id: number): Promise<LedgerAccountRecord | undefined> {
      const [row] = await db
        .select({
          id: ledgerAccounts.id,
          accountNumber: ledgerAccounts.accountNumber,
          accountType: ledgerAccounts.accountType,
          category: ledgerAccounts.category,
          isActive: ledgerAccounts.isActive,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, id))
        .limit(1);
      return row;
    },

    /** A kind's rows still to post whose document date is in the range, oldest first. */
    list<K extends RecordKindName>(kind: K, range: InstantRange): Promise<RecordRowOf<K>[]> {
      return run(statement(kind, range));
    },

    /** The statement `list` runs, not yet run: its exact SQL for the benchmark (bench:list) and EXPLAIN. */
    statement,
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
