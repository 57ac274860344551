import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../db/client.js';

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
type RawQueryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; exec?(text: string): Promise<{ rows: unknown[] }[]> };

/**
 * pg-boss speaks to PostgreSQL through `executeSql`. On PGlite, multi-statement text without parameters
 * must go to `exec` and parameterised text to `query` (architecture.md section 2).
 */
function executorFor(client: RawQueryable): Executor {
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values ?? []);
    },
  };
}

/**
 * The driver connection behind a drizzle transaction, so a job is enqueued in the same transaction as the
 * rows it posts (a crash cannot leave a queued row without its job, or a job without its row). Drizzle keeps
 * it at `tx.session.client` for both node-postgres (the pool client) and PGlite (its transaction).
 */
export function transactionExecutor(tx: Db): Executor {
  const client = (tx as unknown as { session?: { client?: RawQueryable } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('Cannot reach the driver connection of this transaction.');
  return executorFor(client);
}

export const VAS_POSTING_QUEUE = 'vas-posting';

export type QueueSettings = {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /**
   * How often pg-boss's maintenance runs; it is what fails expired jobs (a dead worker's) so they are retried.
   * Default: the expiry, at most a minute (pg-boss's own default of 2 minutes would leave a killed worker's
   * jobs untouched that long after they expired).
   */
  maintenanceIntervalSeconds?: number;
};

/** A pg-boss instance on our database (PGlite or the shared Postgres pool), with our queues created. */
export async function startQueue(database: Database, settings: QueueSettings, onError: (error: Error) => void): Promise<PgBoss> {
  const db: Executor =
    database.kind === 'pglite'
      ? executorFor(database.pglite as unknown as RawQueryable)
      : { executeSql: (text, values) => database.pool!.query(text, values) };
  const maintenanceIntervalSeconds = settings.maintenanceIntervalSeconds ?? Math.max(1, Math.min(60, settings.expireInSeconds));
  const boss = new PgBoss({ db: db as PgBoss.Db, supervise: true, schedule: false, migrate: true, maintenanceIntervalSeconds });
  boss.on('error', onError);
  await boss.start();
  const options = {
    name: VAS_POSTING_QUEUE,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  };
  await boss.createQueue(VAS_POSTING_QUEUE, options);
  // createQueue keeps an existing queue as it was: apply the settings of this start (new jobs take them).
  await boss.updateQueue(VAS_POSTING_QUEUE, options);
  return boss;
}

/**
 * The VAS records (of `ids`) that still have a job pg-boss will run (created, waiting to retry, or active):
 * the queue will finish those, so the sweeper leaves them alone.
 */
export function vasRecordsWithLiveJobs(db: Db) {
  return async (ids: number[]): Promise<Set<number>> => {
    if (!ids.length) return new Set();
    const result = await db.execute(
      sql`SELECT DISTINCT (data->>'recordId')::int AS id FROM pgboss.job
          WHERE name = ${VAS_POSTING_QUEUE} AND state IN ('created', 'retry', 'active')
            AND (data->>'recordId')::int IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  };
}
