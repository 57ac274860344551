import { randomUUID } from 'node:crypto';

/**
 * Service Layer sessions: a sliding idle timeout, read from the live config on every check so that
 * POST /__sim/config {sessionTimeoutSeconds} also shortens sessions that already exist.
 * Sessions live in memory only: a restarted Service Layer forgets them too.
 */
export class SessionStore {
  private readonly lastSeen = new Map<string, number>();

  constructor(
    private readonly timeoutMs: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  create(): string {
    const id = randomUUID();
    this.lastSeen.set(id, this.now());
    return id;
  }

  /** True and the timeout restarts when the session is alive; an expired one is forgotten. */
  touch(id: string | undefined): boolean {
    if (!id) return false;
    const seen = this.lastSeen.get(id);
    if (seen === undefined) return false;
    const now = this.now();
    if (now - seen > this.timeoutMs()) {
      this.lastSeen.delete(id);
      return false;
    }
    this.lastSeen.set(id, now);
    return true;
  }

  delete(id: string | undefined): void {
    if (id) this.lastSeen.delete(id);
  }

  expireAll(): number {
    const count = this.lastSeen.size;
    this.lastSeen.clear();
    return count;
  }
}

/** `B1SESSION=abc; ROUTEID=.node1` -> { B1SESSION: 'abc', ROUTEID: '.node1' } */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return cookies;
}
