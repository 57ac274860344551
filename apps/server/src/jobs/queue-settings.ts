import type { Env } from '../config/env.js';
import type { QueueSettings } from './queue.js';

/**
 * A job whose worker died is handed out again only after it expires. The expiry must outlast one SAP call
 * (plus the look-up), or a slow but alive worker and its successor could both be in flight.
 */
export function queueSettings(env: Pick<Env, 'VAS_RETRY_LIMIT' | 'VAS_RETRY_DELAY_SECONDS' | 'VAS_JOB_EXPIRE_SECONDS' | 'SAP_TIMEOUT_MS'>): QueueSettings {
  return {
    retryLimit: env.VAS_RETRY_LIMIT,
    retryDelaySeconds: env.VAS_RETRY_DELAY_SECONDS,
    expireInSeconds: env.VAS_JOB_EXPIRE_SECONDS ?? Math.ceil(env.SAP_TIMEOUT_MS / 1000) * 2 + 30,
  };
}
