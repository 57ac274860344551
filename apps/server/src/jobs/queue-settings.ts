import type PgBoss from 'pg-boss';
import type { Env } from '../config/env.js';
import type { QueueSettings } from './queue.js';

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
