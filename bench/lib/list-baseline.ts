/**
 * The bench:list baseline, run as its own process: the list endpoint's exact SQL (taken from the server's
 * own repository through drizzle's toSQL, so it cannot drift) executed with bare node-postgres, the rows
 * shaped into the same named objects, and `JSON.stringify({ data })`: no Fastify, no auth, no HTTP.
 * `connections` callers loop concurrently for `durationMs` (bounded by `maxCalls`).
 *
 * With `mode: 'drizzle'` the same loop calls the server's repository instead (drizzle builds the statement,
 * the driver runs it in array row mode, the repository shapes the rows; a 10-connection pool), then
 * JSON.stringify: the API minus Fastify, auth and HTTP, which splits the API's overhead.
 *
 * Argument: one JSON object { url, list (a RecordKindName), fromDate, toDate, connections, durationMs, maxCalls, mode? }.
 * Prints BENCH_RESULT {...} with per-call latencies.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { RecordKindName } from '@ff/contract';
import { arrayRowsQuery, openDatabase } from '../../apps/server/src/db/client.js';
import { dayRange } from '../../apps/server/src/lib/time.js';
import { createRecordsRepository } from '../../apps/server/src/modules/records/records.repository.js';
import { TIME_ZONE } from './database.js';

type Args = {
  url: string;
  list: RecordKindName;
  fromDate: string;
  toDate: string;
  connections: number;
  durationMs: number;
  maxCalls: number;
  mode?: 'pg' | 'drizzle';
};
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

const range = dayRange({ fromDate: args.fromDate, toDate: args.toDate }, TIME_ZONE);
// The server's own database module and pool size (db/client.ts: max 10); in `pg` mode only to build the statement.
const drizzle = await openDatabase({ kind: 'postgres', url: args.url, max: 10 });
// The statement the list runs (its SQL and selected fields); with a runner, the repository as the server runs it.
const records = createRecordsRepository(drizzle.db, TIME_ZONE);
const serverRecords = createRecordsRepository(drizzle.db, TIME_ZONE, arrayRowsQuery(drizzle));
const query = records.statement(args.list, range);
const { sql, params } = query.toSQL();
const fields = Object.keys(query._.selectedFields);
const mode = args.mode ?? 'pg';
if (mode === 'pg') await drizzle.close();

const pool = new pg.Pool({ connectionString: args.url, max: 10 });

async function once(): Promise<string> {
  if (mode === 'drizzle') return JSON.stringify({ data: await serverRecords.list(args.list, range) });
  const result = await pool.query({ text: sql, values: params, rowMode: 'array' });
  const data = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i += 1) {
    const values = result.rows[i] as unknown[];
    const row: Record<string, unknown> = {};
    for (let f = 0; f < fields.length; f += 1) row[fields[f]!] = values[f];
    data[i] = row;
  }
  return JSON.stringify({ data });
}

// Warm-up: plans, connections, JIT of the mapping loop.
const first = await once();
await once();

const latencies: number[] = [];
let bytes = 0;
let calls = 0;
const started = performance.now();
const endAt = started + args.durationMs;
await Promise.all(
  Array.from({ length: args.connections }, async () => {
    while (performance.now() < endAt && calls < args.maxCalls) {
      calls += 1;
      const t0 = performance.now();
      const body = await once();
      latencies.push(performance.now() - t0);
      bytes += Buffer.byteLength(body);
    }
  }),
);
const elapsedMs = performance.now() - started;
await pool.end();
if (mode === 'drizzle') await drizzle.close();
console.log(
  `BENCH_RESULT ${JSON.stringify({
    sql,
    rows: (JSON.parse(first) as { data: unknown[] }).data.length,
    bodyBytes: Buffer.byteLength(first),
    bodySha256: createHash('sha256').update(first).digest('hex'),
    latencies,
    calls: latencies.length,
    elapsedMs,
    bytes,
  })}`,
);
