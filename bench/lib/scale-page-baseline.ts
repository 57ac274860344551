/**
 * bench:scale's paged-list baseline, run as its own process: the exact statement the list API runs for one
 * page (taken from the server's own repository through drizzle's toSQL, so it cannot drift: the page's
 * `SELECT ... LIMIT 100` with the count the page carries), executed with bare node-postgres in array row mode,
 * shaped into the same named objects and `JSON.stringify({ data, meta })`: no Fastify, no auth, no HTTP.
 * With `withTotal: false` the same statement without the count: the bare `SELECT ... LIMIT`.
 * `connections` callers loop until `requests` calls are made (after a warm-up of 20 calls).
 *
 * Argument: one JSON object { url, list (a RecordKindName), fromDate, toDate, perPage, sort?, search?,
 * withTotal, connections, requests }. Prints BENCH_RESULT {...} with per-call latencies.
 */
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { dayRange } from '../../apps/server/src/lib/time.js';
import { listViewOf } from '../../apps/server/src/modules/records/list-view.js';
import { createRecordsRepository } from '../../apps/server/src/modules/records/records.repository.js';
import { TIME_ZONE } from './database.js';
import type { PageRun } from './scale-list-api.js';

type Args = PageRun & { url: string; withTotal: boolean };
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

const range = dayRange({ fromDate: args.fromDate, toDate: args.toDate }, TIME_ZONE);
// The server's database module, only to build the statement.
const drizzle = await openDatabase({ kind: 'postgres', url: args.url, max: 1 });
const view = listViewOf(args.list, { sort: args.sort, search: args.search });
const query = createRecordsRepository(drizzle.db, TIME_ZONE).statement(args.list, range, {
  ...view,
  withTotal: args.withTotal,
  limit: args.perPage,
  offset: 0,
});
const { sql, params } = query.toSQL();
const fields = Object.keys(query._.selectedFields);
const rowFields = args.withTotal ? fields.length - 1 : fields.length;
await drizzle.close();

// The server's pool size (db/client.ts: max 10).
const pool = new pg.Pool({ connectionString: args.url, max: 10 });

async function once(): Promise<string> {
  const result = await pool.query({ text: sql, values: params, rowMode: 'array' });
  const data = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i += 1) {
    const values = result.rows[i] as unknown[];
    const row: Record<string, unknown> = {};
    for (let f = 0; f < rowFields; f += 1) row[fields[f]!] = values[f];
    data[i] = row;
  }
  const total = args.withTotal ? (result.rows[0] as unknown[] | undefined)?.[rowFields] : undefined;
  return JSON.stringify({ data, meta: { total, page: 1, perPage: args.perPage } });
}

const first = await once();
for (let i = 0; i < 20; i += 1) await once();

const latencies: number[] = [];
let calls = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: args.connections }, async () => {
    while (calls < args.requests) {
      calls += 1;
      const t0 = performance.now();
      await once();
      latencies.push(performance.now() - t0);
    }
  }),
);
const elapsedMs = performance.now() - started;
await pool.end();
console.log(
  `BENCH_RESULT ${JSON.stringify({
    sql,
    rows: (JSON.parse(first) as { data: unknown[] }).data.length,
    bodyBytes: Buffer.byteLength(first),
    latencies,
    calls: latencies.length,
    elapsedMs,
  })}`,
);
