import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import { transactionExecutor } from './sql-executor.js';
import { ensureQueue } from './queue-settings.js';

export const MAIL_QUEUE = 'mail';

/**
 * - `deliver`: send stored mail #mailId (mail/mailer.ts); retried with backoff until it leaves.
 * - `password-reset`: a forgot-password request, handled off the request path so that a known and an unknown
 *   address cost the request the same work (no account enumeration by timing).
 */
export const mailJob = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deliver'), mailId: z.number().int().positive() }),
  z.object({ kind: z.literal('password-reset'), email: z.string().min(1) }),
]);
export type MailJob = z.infer<typeof mailJob>;

/**
 * Retries: 5 s doubling (with jitter) 12 times, about 5.7 hours in all, so an SMTP outage of an afternoon
 * loses nothing. A mail whose job still failed stays in mail_queue with its last error (and the outbox shows
 * every failed attempt). The expiry outlasts the mailer's SMTP timeouts, so a slow send is not run twice.
 */
export const MAIL_QUEUE_DEFAULTS = { retryLimit: 12, retryDelaySeconds: 5, expireInSeconds: 180 };

export async function createMailQueue(
  boss: PgBoss,
  overrides: Partial<typeof MAIL_QUEUE_DEFAULTS> = {},
): Promise<void> {
  await ensureQueue(boss, MAIL_QUEUE, { ...MAIL_QUEUE_DEFAULTS, ...overrides });
}

/** Queues mail jobs on pg-boss; `tx` puts the job in the caller's transaction. */
export function mailJobSender(boss: PgBoss) {
  return async (job: MailJob, tx?: Db): Promise<void> => {
    const db = tx ? (transactionExecutor(tx) as PgBoss.Db) : undefined;
    // One reset job per address per minute (the mail itself is limited to one a minute anyway): a flood of
    // requests for one address queues one job, whether or not the address has an account.
    const singleton =
      job.kind === 'password-reset' ? { singletonKey: `reset:${job.email}`, singletonSeconds: 60 } : {};
    await boss.send(MAIL_QUEUE, job, { ...singleton, ...(db ? { db } : {}) });
  };
}

export type MailJobHandler = (job: MailJob) => Promise<void>;

/**
 * Polls the mail queue with `concurrency` loops (mail is light work: SMTP round trips); a job that throws is
 * counted in `metrics` (`ff_queue_job_failures_total`) and retried by pg-boss.
 */
export async function startMailWorker(
  boss: PgBoss,
  handle: MailJobHandler,
  options: { concurrency?: number; metrics?: Pick<Metrics, 'jobFailed'> | undefined } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < (options.concurrency ?? 2); i += 1) {
    ids.push(
      await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handle(mailJob.parse(job.data));
        } catch (error) {
          options.metrics?.jobFailed(MAIL_QUEUE);
          throw error;
        }
      }),
    );
  }
  return ids;
}
