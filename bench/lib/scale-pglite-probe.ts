/**
 * bench:scale (6), PGlite's share of an embedded server's memory under given settings, run as its own
 * process: opens an existing embedded data directory (`<dataDir>/pgdata`, the server stopped) as db/client.ts
 * does, but with PGlite's own start parameters plus `settings`, waits, then reads the sales invoice list through the server's
 * repository in array row mode twice as the full-array answer reads it (records.repository.ts fullList: chunks of rows streamed as JSON).
 *
 * Argument: one JSON object { dataDir, settings: { startParams?: string[] (added to PGlite's defaults) } }. Prints BENCH_RESULT { readyMb, idleMb, afterListMb, hwmMb, bytes, listMs, shown, settings }.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { arrayRowsQuery, type Database, type Db } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { createRecordsRepository } from '../../apps/server/src/modules/records/records.repository.js';
import { TIME_ZONE } from './database.js';

type Args = { dataDir: string; settings: { startParams?: string[] } };
const args = JSON.parse(process.argv[2] ?? '{}') as Args;

const memory = () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 102.4) / 10;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

const client = new PGlite(join(args.dataDir, 'pgdata'), {
  startParams: [...PGlite.defaultStartParams, ...(args.settings.startParams ?? [])],
});
await client.waitReady;
const readyMb = memory().rss;
const shown: Record<string, string> = {};
for (const name of ['shared_buffers', 'work_mem', 'temp_buffers', 'wal_buffers']) {
  const result = await client.query<Record<string, string>>(`SHOW ${name}`);
  shown[name] = result.rows[0]![name]!;
}
await settle();
const idleMb = memory().rss;
const database: Database = {
  db: drizzle(client, { schema }) as unknown as Db,
  kind: 'pglite',
  pglite: client,
  close: () => client.close(),
};
const records = createRecordsRepository(database.db, TIME_ZONE, arrayRowsQuery(database));
let bytes = 0;
const listMs: number[] = [];
for (let i = 0; i < 2; i += 1) {
  const started = performance.now();
  // The full-array answer as the route sends it: one string, or chunks streamed from the database.
  const answer = await records.fullList('salesInvoice', {});
  bytes = 0;
  if (typeof answer === 'string') bytes = answer.length;
  else for await (const chunk of answer as AsyncIterable<string | Buffer>) bytes += chunk.length;
  listMs.push(Math.round(performance.now() - started));
}
await settle();
const { rss: afterListMb, hwm: hwmMb } = memory();
await client.close();
console.log(
  `BENCH_RESULT ${JSON.stringify({ readyMb, idleMb, afterListMb, hwmMb, bytes, listMs, shown, settings: args.settings })}`,
);
