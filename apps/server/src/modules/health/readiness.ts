import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { postingAttempts, sessions, users } from '../../db/schema.js';
import { recordTables } from '../records/kinds/index.js';

/** How long /health/ready waits for the database before it answers not-ready. */
export const READY_TIMEOUT_MS = 2_000;

/** The tables (almost) every request reads: the session and user behind it, the records and their attempts. */
const SERVED_TABLES = [sessions, users, ...recordTables(), postingAttempts].map(
  (table) => `"${getTableName(table)}"`,
);

/**
 * One simple-protocol string, so one round trip and one implicit transaction: the SET LOCALs bound it on the
 * server (it is never left waiting on a lock, holding a pooled connection), and reading zero rows of each table
 * takes the lock a request would take, so an exclusive lock on one of them (a long migration, a VACUUM FULL)
 * shows as not-ready instead of a probe that hangs.
 */
const POSTGRES_PROBE = [
  `SET LOCAL lock_timeout = '${READY_TIMEOUT_MS}ms'`,
  `SET LOCAL statement_timeout = '${READY_TIMEOUT_MS}ms'`,
  ...SERVED_TABLES.map((table) => `SELECT 1 FROM ${table} LIMIT 0`),
].join('; ');

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Readiness: can this process serve a request that needs the database now? The probe goes through the
 * application's own pool (so a pool exhausted by blocked requests is not-ready too) and answers within
 * `READY_TIMEOUT_MS` whatever the database does. Probes arriving while one is still out share it, so a stuck
 * database never collects a pile of probes. Nothing is cached: the next probe after the database is back is ready.
 */
export function createReadinessCheck(database: Database, timeoutMs = READY_TIMEOUT_MS) {
  let inFlight: Promise<void> | null = null;
  const probe = () =>
    database.kind === 'postgres'
      ? database.pool!.query(POSTGRES_PROBE).then(() => undefined)
      : database.db.execute(sql`SELECT 1`).then(() => undefined);

  return async function check(): Promise<Readiness> {
    inFlight ??= probe().finally(() => {
      inFlight = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([inFlight.then(() => 'ok' as const), deadline]);
      if (outcome === 'timeout')
        return { ready: false, reason: `The database did not answer within ${timeoutMs / 1000} s.` };
      return { ready: true };
    } catch {
      return { ready: false, reason: 'The database is not reachable.' };
    } finally {
      clearTimeout(timer);
    }
  };
}
