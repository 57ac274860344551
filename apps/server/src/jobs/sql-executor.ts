import type { Db } from '../db/client.js';

export type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
export type RawQueryable = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * pg-boss speaks to PostgreSQL through `executeSql`. On PGlite, multi-statement text without parameters
 * must go to `exec` and parameterised text to `query` (docs/design/architecture.md section 2).
 */
export function executorFor(client: RawQueryable): Executor {
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
  if (!client || typeof client.query !== 'function')
    throw new Error('Cannot reach the driver connection of this transaction.');
  return executorFor(client);
}
