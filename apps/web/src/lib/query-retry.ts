import { httpStatus } from './api-client';

/** Statuses a retry cannot change: not signed in, not allowed, not there, invalid. */
const FINAL_STATUSES = new Set([401, 403, 404, 422]);
const MAX_RETRIES = 3;

/** TanStack's default of 3 retries, except for the final statuses above. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== undefined && FINAL_STATUSES.has(status)) return false;
  return failureCount < MAX_RETRIES;
}
