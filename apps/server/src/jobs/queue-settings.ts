import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.js';

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
  /** The mail queue's first retry delay (jobs/mail.job.ts; default 5 s, doubling); tests shorten it. */
  mailRetryDelaySeconds?: number;
};

/**
 * A job whose worker died is handed out again only after it expires. The expiry must outlast one SAP call
 * (plus the look-up), or a slow but alive worker and its successor could both be in flight.
 */
export function queueSettings(
  env: Pick<Env, 'VAS_RETRY_LIMIT' | 'VAS_RETRY_DELAY_SECONDS' | 'VAS_JOB_EXPIRE_SECONDS' | 'SAP_TIMEOUT_MS'>,
): QueueSettings {
  return {
    retryLimit: env.VAS_RETRY_LIMIT,
    retryDelaySeconds: env.VAS_RETRY_DELAY_SECONDS,
    expireInSeconds: env.VAS_JOB_EXPIRE_SECONDS ?? Math.ceil(env.SAP_TIMEOUT_MS / 1000) * 2 + 30,
  };
}

/**
 * Creates the queue with these retry and expiry settings, or applies them to an existing one (createQueue keeps
 * an existing queue as it was; new jobs take the settings of this start).
 */
export async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  const options = {
    name,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  };
  await boss.createQueue(name, options);
  await boss.updateQueue(name, options);
}
