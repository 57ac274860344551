import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { isConnectionError } from '../../db/connection-faults.js';
import { startQueue } from '../../jobs/queue.js';
import { allowConnections, asSuperuser, dbNameOf, terminateAll } from '../../test/database-faults.js';
import { pollUntil, sleep } from '../../test/mixed-posting.js';
import { createPostingDatabase, type PostingDatabase } from '../../test/posting-harness.js';

/**
 * A database connection that goes away is survived, not fatal (issue 9, finding 9): on PostgreSQL, a transaction
 * whose connection is cut fails alone, and pg-boss survives the database refusing connections. (The API and worker
 * processes through cuts, refusals and a held lock, and /health/ready: database-faults.pg.int.test.ts.)
 */

/** Errors nobody handled while `run` ran (each would end a production process). */
async function unhandledDuring(run: () => Promise<void>) {
  const seen: unknown[] = [];
  const record = (error: unknown) => seen.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  try {
    await run();
  } finally {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  }
  return seen.map((e) => (e instanceof Error ? e.message : String(e)));
}

describe('a connection cut under the application', () => {
  let database: PostingDatabase;
  beforeAll(async () => {
    database = await createPostingDatabase();
  });
  afterAll(async () => {
    await allowConnections(dbNameOf(database), true);
    await database.drop();
  });

  it('fails the transaction that held it, not the process, and the pool serves the next query', async () => {
    let failure: unknown;
    const unhandled = await unhandledDuring(async () => {
      failure = await database.db
        .transaction(async (tx) => {
          const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
          // The connection is idle in this transaction when the server ends it.
          await asSuperuser('SELECT pg_terminate_backend($1)', [row!.pid]);
          await sleep(300);
          await tx.execute(sql`SELECT 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
    });
    expect(unhandled).toEqual([]);
    expect(isConnectionError(failure)).toBe(true);
    expect(rowsOf(await database.db.execute(sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
  });

  it("pg-boss's unawaited job completions fail quietly while the database refuses connections; the job still completes", async () => {
    const name = dbNameOf(database);
    const queueErrors: Error[] = [];
    const boss = await startQueue(
      database,
      { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 5, maintenanceIntervalSeconds: 1 },
      (e) => queueErrors.push(e),
    );
    await boss.createQueue('fault-probe', {
      name: 'fault-probe',
      retryLimit: 3,
      retryDelay: 1,
      expireInSeconds: 5,
    });
    const jobId = (await boss.send('fault-probe', {}))!;
    const deliveries: number[] = [];
    /** The database goes away while the handler runs and comes back 2.5 s later. */
    const awayFor = async (ms: number) => {
      await allowConnections(name, false);
      await terminateAll(name);
      setTimeout(() => void allowConnections(name, true), ms);
    };
    let state = '';
    const unhandled = await unhandledDuring(async () => {
      await boss.work(
        'fault-probe',
        { pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([job]) => {
          deliveries.push(job!.retryCount);
          await awayFor(2_500);
          // First delivery: pg-boss fails the job (unawaited) while the database is away; second: it completes it.
          if (deliveries.length === 1) throw new Error('first delivery fails');
        },
      );
      await pollUntil(
        async () => {
          state = (await boss.getJobById('fault-probe', jobId).catch(() => null))?.state ?? state;
          return state === 'completed' || `job state ${state || 'not read yet'}`;
        },
        'the job to complete',
        30_000,
      ).catch(() => undefined);
    });
    await boss.stop({ graceful: false, close: false, wait: true });
    expect(unhandled).toEqual([]);
    expect(state).toBe('completed');
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(queueErrors.some((e) => /Could not record a job as failed/.test(e.message))).toBe(true);
  }, 90_000);
});
