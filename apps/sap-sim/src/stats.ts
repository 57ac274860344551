/** Counters for GET /__sim/stats: what tests assert on to prove retries, drops and rejections happened. */
export interface SimStats {
  logins: number;
  failedLogins: number;
  logouts: number;
  /** Service Layer calls per resource (entity set, `Login`, `Logout`, or `unknown`). */
  requests: Record<string, number>;
  /**
   * Writes (POST, PATCH: a new document, a Cancel, a function) per resource, counted as they arrive, before
   * any latency: a test waits on it to know a write is inside SAP (a look-up GET does not count).
   */
  writes: Record<string, number>;
  /** Documents created per entity set. */
  created: Record<string, number>;
  /** Calls answered with a SAP error (validation, session, not found), injected errors excluded. */
  rejected: number;
  droppedReplies: number;
  injectedErrors: number;
}

export function emptyStats(): SimStats {
  return {
    logins: 0,
    failedLogins: 0,
    logouts: 0,
    requests: {},
    writes: {},
    created: {},
    rejected: 0,
    droppedReplies: 0,
    injectedErrors: 0,
  };
}

export function bump(counter: Record<string, number>, key: string): void {
  counter[key] = (counter[key] ?? 0) + 1;
}
