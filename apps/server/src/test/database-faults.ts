import pg from 'pg';
import type { PostingDatabase } from './posting-harness.js';

// What the database-fault suites (modules/posting/database-faults.pg.int.test.ts, connection-faults.postgres.int.test.ts) do to PostgreSQL as its superuser.

/** Superuser statements on the server's maintenance database (TEST_DATABASE_URL), never on another application's. */
export async function asSuperuser<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
/** What a failover does to the application: every connection to its database is cut. */
export const terminateAll = async (dbName: string) =>
  Number(
    (
      await asSuperuser<{ n: string }>(
        'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      )
    )[0]!.n,
  );
/** Lets connections to the database in, or refuses every new one (the database goes away). */
export const allowConnections = (dbName: string, allow: boolean) =>
  asSuperuser(`ALTER DATABASE "${dbName}" WITH ALLOW_CONNECTIONS ${allow}`);
/** The name of a Postgres posting database. */
export const dbNameOf = (database: PostingDatabase) => new URL(database.url!).pathname.slice(1);
