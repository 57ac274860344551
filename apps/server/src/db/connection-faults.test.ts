import { describe, expect, it } from 'vitest';
import {
  createDeferredWrites,
  databaseFailureWords,
  isConnectionError,
  retryOnConnectionLoss,
} from './connection-faults.js';

/** Errors as node-postgres, pg-pool and drizzle raise them. */
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });
const drizzleError = (cause: unknown, params: unknown[] = []) =>
  Object.assign(
    new Error(`Failed query: UPDATE posting_attempts SET outcome = $1\nparams: ${params.join(',')}`),
    { query: 'UPDATE …', params, cause },
  );

describe('isConnectionError', () => {
  it('recognises a lost, refused or unavailable connection, also inside a drizzle wrapper', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('55000', 'database "ff" is not currently accepting connections'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      drizzleError(pgError('57P01', 'terminating connection due to administrator command')),
    ]) {
      expect(isConnectionError(error), String(error)).toBe(true);
    }
  });

  it('does not take a statement error for one, whatever text the failed statement carried', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint "x"'),
      pgError('55000', 'cannot do that in this state'),
      // A statement quoting a row's reason that happens to mention a lost connection.
      drizzleError(pgError('23505', 'duplicate key'), ['Connection terminated unexpectedly']),
      new Error('SAP could not be reached'),
      null,
      'Connection terminated',
    ]) {
      expect(isConnectionError(error), String(error)).toBe(false);
    }
  });

  it('words a database failure without the statement', () => {
    expect(databaseFailureWords(drizzleError(pgError('57P01', 'terminating connection')))).toBe(
      'the database could not be reached',
    );
    expect(databaseFailureWords(drizzleError(pgError('23505', 'duplicate key'), ['secret']))).toBe(
      'the database could not complete the operation',
    );
    expect(databaseFailureWords(new Error('SAP said no'))).toBeNull();
  });
});

describe('retryOnConnectionLoss and deferred writes', () => {
  const lost = () => pgError('57P01', 'terminating connection due to administrator command');
  const log = { warnings: [] as string[], errors: [] as string[] };
  const logger = {
    warn: (_: object, msg: string) => log.warnings.push(msg),
    error: (_: object, msg: string) => log.errors.push(msg),
  };

  it('repeats a task after a lost connection, but not after a statement error', async () => {
    let runs = 0;
    await expect(
      retryOnConnectionLoss(async () => (++runs < 3 ? Promise.reject(lost()) : 'done'), { delayMs: 1 }),
    ).resolves.toBe('done');
    expect(runs).toBe(3);
    runs = 0;
    await expect(
      retryOnConnectionLoss(
        async () => Promise.reject(pgError('23505', 'duplicate key')).finally(() => runs++),
        { delayMs: 1 },
      ),
    ).rejects.toThrow('duplicate key');
    expect(runs).toBe(1);
  });

  it('makes a deferred write once the database answers again, and drops one that fails for another reason', async () => {
    const deferred = createDeferredWrites(logger, { retryEveryMs: 10 });
    let tries = 0;
    let made = false;
    deferred.defer('an outcome', async () => {
      if (++tries < 4) throw lost();
      made = true;
    });
    deferred.defer('a broken write', async () => Promise.reject(pgError('23505', 'duplicate key')));
    await expect.poll(() => deferred.size, { timeout: 5_000 }).toBe(0);
    expect(made).toBe(true);
    expect(log.errors).toEqual(['A deferred database write failed; dropped']);
    deferred.close();
  });
});
