import { join } from 'node:path';
import pg from 'pg';
import { log } from './common.js';
import { analyze, createBenchDatabase, TIME_ZONE, todayOf } from './database.js';
import { signIn } from './http.js';
import { generateScaleData } from './scale-data.js';
import { measureListMemory } from './scale-memory.js';
import { startTreeServer, type ServerBuild } from './scale-servers.js';

/**
 * bench:scale (3): the API process's resident memory while 10 clients fetch a 100,000-row full-array list at
 * once (GET /api/v1/journalSaleInvoice without a range: 100,000 sales invoices, all still to post). Each tree
 * (today's code extracted from git, then this one) runs on its own fresh database, migrated by its own server
 * at start, and then filled with the same rows.
 */

export const RSS_ROWS = 100_000;
export const RSS_CLIENTS = 10;
const ROUNDS = 2;

/** One tree's figures: which code, how it ran, and its memory (bench/lib/scale-memory.ts). */
export async function measureTreeRss(options: {
  label: string;
  root: string;
  build: ServerBuild;
  database: string;
  dir: string;
  /** Node flags for the server, e.g. a smaller V8 old space. */
  nodeArgs?: string[];
}) {
  const url = await createBenchDatabase(options.database);
  const server = await startTreeServer({
    name: `api-rss-${options.label}`,
    root: options.root,
    build: options.build,
    databaseUrl: url,
    dataDir: options.dir,
    logFile: join(options.dir, `api-rss-${options.database}.log`),
    nodeArgs: options.nodeArgs,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await generateScaleData(
      (text, params) => client.query(text, params),
      { perKind: RSS_ROWS, spanDays: 60, toPostDays: 60, today: todayOf(), timeZone: TIME_ZONE },
      { tables: ['sales_invoices'] },
    );
  } finally {
    await client.end();
  }
  await analyze(url, ['sales_invoices']);
  const session = await signIn(server.url);
  const memory = await measureListMemory({
    pid: server.pid,
    url: `${server.url}/api/v1/journalSaleInvoice`,
    cookie: session.cookieHeader(),
    clients: RSS_CLIENTS,
    rounds: ROUNDS,
    expectRows: RSS_ROWS,
    label: options.label,
  });
  await server.stop();
  log(
    `RSS ${options.label} (${options.build}): peak ${memory.peakRssMb} MB while ${RSS_CLIENTS} clients read`,
  );
  return {
    label: options.label,
    root: options.root,
    build: options.build,
    nodeArgs: options.nodeArgs,
    ...memory,
  };
}
