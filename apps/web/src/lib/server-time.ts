/**
 * The server's time zone (APP_TIMEZONE, e.g. 'Africa/Nairobi'). Every date-time the server answers
 * ('yyyy-MM-dd HH:mm:ss', a posting day 'yyyy-MM-dd') is a wall-clock time there, not in the browser's zone.
 * `GET /api/v1/session` names it; until then (or from a server that does not) they are read as the browser's
 * own wall clock, as before. Kept apart from the conversions (server-clock.ts) so the session probe, in the
 * first download, does not bring the date library.
 */
let zone: string | null = null;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Records the server's time zone; an empty or unknown name leaves the browser's own. */
export function setServerTimeZone(value: string | null | undefined): void {
  zone = value && isTimeZone(value) ? value : null;
}

export const serverTimeZone = (): string | null => zone;
