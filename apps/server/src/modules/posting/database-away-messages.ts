import {
  databaseFailureWords,
  isConnectionError,
  retryOnConnectionLoss,
  type DeferredWrites,
} from '../../db/connection-faults.js';

/**
 * What a post request answers when the database goes away under it (db/connection-faults.ts): sentences a
 * finance user understands, never a statement or driver wording.
 */

/** The database was away before anything was sent to SAP (the request answers 503; nothing changed in SAP). */
export const DATABASE_AWAY =
  'The database could not be reached, so nothing was posted. Try again in a moment.';
/** A row's reason when the database was away before the row was sent to SAP. */
export const NOT_SENT = 'It was not sent to SAP because the database could not be reached. Post it again.';
/** A row's reason when its outcome could not be learned or saved: the sweeper settles it by a look-up in SAP. */
export const TO_BE_CHECKED =
  'Its result could not be saved because the database could not be reached; it will be checked in SAP and settled shortly.';

/** An error's text fit for a finance user: never a statement or driver wording. */
export function plainReason(error: unknown): string {
  return databaseFailureWords(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Runs `write` (idempotent or fenced: safe to repeat), retried at once on a lost connection. If the database
 * stays away it goes to `deferred` (retried in the background) and the caller carries on with what it knows;
 * without `deferred` it is dropped (the sweeper settles the row). Any other failure is thrown.
 */
export async function writeOrDefer<T>(
  write: () => Promise<T>,
  deferred: DeferredWrites | undefined,
  what: string,
): Promise<{ done: true; value: T } | { done: false }> {
  try {
    return { done: true, value: await retryOnConnectionLoss(write) };
  } catch (error) {
    if (!isConnectionError(error)) throw error;
    deferred?.defer(what, write);
    return { done: false };
  }
}
