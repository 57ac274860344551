import { sleep } from '../lib/time.js';

/**
 * Telling a lost or refused database connection (a failover, a PostgreSQL restart, `pg_terminate_backend`, a
 * database that does not accept connections for a while) from an error of the statement itself, and what the
 * application does about it: retry briefly what is safe to retry, defer writes whose outcome is known, and keep
 * the process running. A lost connection fails the statement it was running, never the process.
 */

/** SQLSTATEs of a connection the server ended or would not open. */
const CONNECTION_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
]);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** node-postgres and pg-pool report these without a code. */
const DRIVER_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not currently accepting connections/i;

/**
 * True when `error` (or an error it wraps: drizzle wraps the driver's error as `cause`) means the connection
 * failed, not the statement: the database was away, so the same statement may succeed on a new connection.
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (CONNECTION_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))
    )
      return true;
    // A drizzle wrapper's message quotes the statement and its parameters (any text): only its cause tells.
    // 55000 is raised for other things too; the wording "not currently accepting connections" singles it out.
    const wrapper = 'query' in current;
    if (!wrapper && typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * A few words for a person when `error` is a database failure: never the statement or its parameters, which
 * drizzle's error message quotes. Null for any other error.
 */
export function databaseFailureWords(error: unknown): string | null {
  if (isConnectionError(error)) return 'the database could not be reached';
  if (error && typeof error === 'object' && 'query' in error && 'params' in error)
    return 'the database could not complete the operation';
  return null;
}

/**
 * Runs `task` and, when it fails because the connection was lost, runs it again on a fresh one (the pool
 * replaces dead clients) up to `attempts` times. Only for tasks safe to repeat: reads, and writes that are
 * idempotent or fenced (a second run of a write that did commit changes nothing).
 */
export async function retryOnConnectionLoss<T>(
  task: () => Promise<T>,
  options: { attempts?: number; delayMs?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= attempts || !isConnectionError(error)) throw error;
      await sleep((options.delayMs ?? 250) * attempt);
    }
  }
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Writes whose content is known but which could not be made because the database was away (a row's outcome in
 * SAP, an audit entry): retried in the background until the database answers, so a request can answer at once
 * and the rows do not wait for the sweeper. Each write must be idempotent or fenced. A write still not made
 * after `giveUpAfterMs` (or when the process stops) is left to the sweeper, which settles rows by a look-up in SAP.
 */
export function createDeferredWrites(
  log: Log,
  options: { retryEveryMs?: number; giveUpAfterMs?: number } = {},
) {
  const retryEveryMs = options.retryEveryMs ?? 1_000;
  const giveUpAfterMs = options.giveUpAfterMs ?? 10 * 60_000;
  const pending = new Set<{ what: string; write: () => Promise<unknown>; since: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing = false;

  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (const item of [...pending]) {
        try {
          await item.write();
          pending.delete(item);
        } catch (error) {
          if (!isConnectionError(error)) {
            pending.delete(item);
            log.error({ err: error, what: item.what }, 'A deferred database write failed; dropped');
          } else if (Date.now() - item.since > giveUpAfterMs) {
            pending.delete(item);
            log.warn(
              { what: item.what },
              'The database stayed away; a deferred write was dropped (the sweeper settles the row)',
            );
          } else {
            break; // Still away: the rest waits for the next round.
          }
        }
      }
    } finally {
      flushing = false;
      if (!pending.size && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    }
  }

  return {
    /** Queues `write` for the background retry (it failed once already). */
    defer(what: string, write: () => Promise<unknown>) {
      pending.add({ what, write, since: Date.now() });
      log.warn({ what }, 'The database is not reachable; the write is retried in the background');
      if (!timer) {
        timer = setInterval(() => void flush(), retryEveryMs);
        timer.unref();
      }
    },
    get size() {
      return pending.size;
    },
    /** Stops retrying (shutdown); what is left is the sweeper's. */
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (pending.size)
        log.warn(
          { writes: pending.size },
          'Stopping with deferred database writes not made; the sweeper settles their rows',
        );
      pending.clear();
    },
  };
}

export type DeferredWrites = ReturnType<typeof createDeferredWrites>;

/**
 * Process-level safety net for long-running processes (main.ts, worker.ts): a promise some library left without
 * a handler (pg-boss 10 does not await its job completions) that rejects because the database connection was
 * lost is logged, and the process carries on. Any other unhandled rejection ends the process as Node's default
 * would (a bug, not a fault of the environment).
 */
export function surviveDatabaseFaults(log: {
  warn(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}) {
  process.on('unhandledRejection', (reason) => {
    if (isConnectionError(reason)) {
      log.warn({ err: reason }, 'A database operation failed because the connection was lost; carrying on');
      return;
    }
    log.fatal({ err: reason }, 'Unhandled promise rejection');
    process.exit(1);
  });
}
