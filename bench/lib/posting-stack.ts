import { join } from 'node:path';
import pg from 'pg';
import type { ImportKind } from '../../apps/server/src/modules/imports/import-schemas.js';
import { log, onCleanup, round } from './common.js';
import { createBenchDatabase, prepareDatabase, seedDemoRecords } from './database.js';
import { startApiServer, startSimulator, type ApiServer, type SimulatorProcess } from './servers.js';

/** The SAP simulator and a seeded bench database, and how to start API servers posting between them. */
export type PostingStack = {
  sim: SimulatorProcess;
  /** The bench database's connection URL. */
  url: string;
  /**
   * An API server (main.ts) on the bench database posting to the simulator, data and log (`<logName>.log`,
   * `name` by default) in the temporary directory.
   */
  startApi(name: string, env: Record<string, string>, logName?: string): Promise<ApiServer>;
  /** A connected client on the bench database, ended at cleanup. */
  connect(): Promise<pg.Client>;
};

/**
 * What the posting benchmarks run on: the SAP simulator (log in `tmpDir`/sim.log), then the database
 * `database` created, prepared with the simulator's credentials and seeded with `records` demo trips of `kinds`.
 */
export async function startPostingStack(options: {
  tmpDir: string;
  database: string;
  records: number;
  kinds: readonly ImportKind[];
}): Promise<PostingStack> {
  const { tmpDir } = options;
  const sim = await startSimulator({ logFile: join(tmpDir, 'sim.log') });
  const url = await createBenchDatabase(options.database);
  const database = await prepareDatabase(url, sim.credentials);
  await seedDemoRecords(database, options.records, options.kinds);
  await database.close();
  const startApi = (name: string, env: Record<string, string>, logName = name) =>
    startApiServer({
      name,
      databaseUrl: url,
      sapUrl: sim.url,
      dataDir: tmpDir,
      logFile: join(tmpDir, `${logName}.log`),
      env,
    });
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    onCleanup(() => client.end());
    return client;
  };
  return { sim, url, startApi, connect };
}

/** A timed posting run's figures: records/s against the ideal bound (concurrency / SAP latency). */
export function postingFigures(run: {
  records: number;
  posted: number;
  failures: string[];
  seconds: number;
  bound: number;
}) {
  const { posted, seconds, bound } = run;
  return {
    records: run.records,
    posted,
    failed: run.failures.length,
    failures: run.failures.slice(0, 5),
    seconds: round(seconds, 2),
    recordsPerSecond: round(posted / seconds, 1),
    idealBound: bound,
    ofBound: round(posted / seconds / bound, 2),
  };
}

/** How the documents SAP holds match the idempotency keys posted: each expected key exactly once, nothing else. */
export type ExactlyOnce = {
  expected: number;
  documents: number;
  missing: number;
  duplicated: number;
  unexpected: number;
  ok: boolean;
};

/** Compares SAP's documents' keys (one per document) with the keys posted, and logs the outcome. */
export function readBack(documentKeys: readonly string[], expected: readonly string[]): ExactlyOnce {
  const byKey = new Map<string, number>();
  for (const key of documentKeys) byKey.set(key, (byKey.get(key) ?? 0) + 1);
  const missing = expected.filter((key) => !byKey.has(key)).length;
  const duplicated = expected.filter((key) => (byKey.get(key) ?? 0) > 1).length;
  const unexpected = [...byKey.keys()].filter((key) => !expected.includes(key)).length;
  const exactlyOnce = {
    expected: expected.length,
    documents: documentKeys.length,
    missing,
    duplicated,
    unexpected,
    ok: !missing && !duplicated && !unexpected,
  };
  log(`SAP read-back: ${JSON.stringify(exactlyOnce)}`);
  return exactlyOnce;
}
