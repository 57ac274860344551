import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { PageResponse, RecordKindName, RecordRowOf } from '@ff/contract';
import type { ArrayRowsQuery, Db } from '../../db/client.js';
import { ledgerAccounts } from '../../db/schema.js';
import { SERVER_KINDS } from './kinds/index.js';
import type { LedgerAccountRecord } from './kinds/shared/ledgers.js';
import { listContext, type InstantRange, type ListStatement, type ListView } from './kinds/shared/list.js';
import { LIST_CHUNK_ROWS, streamedList, type ListChunk } from '../../lib/list-stream.js';

export type { InstantRange, ListView } from './kinds/shared/list.js';
export type { LedgerAccountLookup, LedgerAccountRecord } from './kinds/shared/ledgers.js';

/** Which page of a paged list: 1-based, and its size (list-view.ts reads both from the query). */
export type PageRequest = { page: number; perPage: number };

/**
 * The "still to post" lists, each kind's query from its folder (kinds/<kind>/index.ts): the full list, one
 * page of it, or the full list streamed in chunks; and the ledger accounts the posting rules check.
 */
export function createRecordsRepository(db: Db, timeZone: string, arrayRows?: ArrayRowsQuery) {
  const context = listContext(db, timeZone);

  /**
   * A list statement built by drizzle, run through the driver in array row mode (drizzle's own row mapping
   * costs up to 1.6x the database time on a 50,000-row list; bench:list): its selected field names and rows.
   */
  async function arrays(statement: ListStatement<unknown>): Promise<{ fields: string[]; rows: unknown[][] }> {
    const fields = Object.keys(statement._.selectedFields);
    // Without a driver runner (the benchmark reading the SQL) drizzle runs the statement and maps the rows.
    if (!arrayRows) {
      const objects = (await statement) as Record<string, unknown>[];
      return { fields, rows: objects.map((row) => fields.map((field) => row[field])) };
    }
    const { sql: text, params } = statement.toSQL();
    return { fields, rows: await arrayRows(text, params) };
  }

  /** The rows shaped as objects of the first `count` fields, in one loop. */
  function shape<R>(fields: readonly string[], rows: readonly unknown[][], count = fields.length): R[] {
    const out = new Array<R>(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      const values = rows[i]!;
      const row: Record<string, unknown> = {};
      for (let f = 0; f < count; f += 1) row[fields[f]!] = values[f];
      out[i] = row as R;
    }
    return out;
  }

  /** A kind's list statement, from its folder (kinds/<kind>/index.ts). */
  function statement<K extends RecordKindName>(
    kind: K,
    range: InstantRange,
    view: ListView = {},
  ): ListStatement<RecordRowOf<K>> {
    const query = SERVER_KINDS[kind].list as unknown as (
      ctx: typeof context,
      range: InstantRange,
      view: ListView,
    ) => ListStatement<RecordRowOf<K>>;
    return query(context, range, view);
  }

  /** One chunk of the full list: its rows after `after` (the order keys of the chunk before), at most `size`. */
  async function chunk<K extends RecordKindName>(
    kind: K,
    range: InstantRange,
    view: ListView,
    size: number,
    after: readonly unknown[] | undefined,
  ): Promise<ListChunk<RecordRowOf<K>>> {
    const { fields, rows } = await arrays(
      statement(kind, range, { ...view, limit: size, withKeys: true, ...(after ? { after } : {}) }),
    );
    const rowFields = fields.filter((field) => !field.startsWith('__key')).length;
    const last = rows[rows.length - 1];
    return { rows: shape(fields, rows, rowFields), lastKeys: last?.slice(rowFields) };
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

    /** A kind's rows still to post whose document date is in the range, oldest first (or as the view says). */
    async list<K extends RecordKindName>(
      kind: K,
      range: InstantRange,
      view: ListView = {},
    ): Promise<RecordRowOf<K>[]> {
      const { fields, rows } = await arrays(statement(kind, range, view));
      return shape(fields, rows);
    },

    /**
     * One page of the list and the count of every row matching the range and search, in one statement (the
     * count is a sub-select the page's rows carry: docs/decisions/013-server-side-lists.md); a page past the
     * end has no row to carry it, and counts alone.
     */
    async page<K extends RecordKindName>(
      kind: K,
      range: InstantRange,
      view: ListView,
      { page, perPage }: PageRequest,
    ): Promise<PageResponse<RecordRowOf<K>>> {
      const counted = { ...view, withTotal: true };
      const { fields, rows } = await arrays(
        statement(kind, range, { ...counted, limit: perPage, offset: (page - 1) * perPage }),
      );
      const rowFields = fields.length - 1;
      let total = rows[0]?.[rowFields] as number | undefined;
      if (total === undefined) {
        const first = await arrays(statement(kind, range, { ...counted, limit: 1 }));
        total = (first.rows[0]?.[rowFields] as number | undefined) ?? 0;
      }
      return { data: shape(fields, rows, rowFields), meta: { total, page, perPage } };
    },

    /**
     * The full list as the bytes of `JSON.stringify({ data: rows })`: one string when it fits in one chunk,
     * else a stream reading the rows chunk by chunk (list-stream.ts). The first chunk is read before this
     * answers, so a failing database is still a proper error answer.
     */
    fullList<K extends RecordKindName>(
      kind: K,
      range: InstantRange,
      view: ListView = {},
      chunkRows = LIST_CHUNK_ROWS,
    ): Promise<string | Readable> {
      return streamedList((after) => chunk(kind, range, view, chunkRows, after), chunkRows);
    },

    /** How many rows the list of `range` and `view` holds, counting no further than `limit` (the unpaged cap). */
    async countUpTo<K extends RecordKindName>(kind: K, range: InstantRange, view: ListView, limit: number) {
      const capped = statement(kind, range, { ...view, limit });
      // Without a driver runner (the benchmark reading the SQL) the capped rows themselves are counted.
      if (!arrayRows) return (await capped).length;
      const { sql: text, params } = capped.toSQL();
      const [row] = await arrayRows(`SELECT count(*)::int FROM (${text}) capped`, params);
      return Number(row?.[0] ?? 0);
    },

    /** The statement `list` runs, not yet run: its exact SQL for the benchmark (bench:list) and EXPLAIN. */
    statement,
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
