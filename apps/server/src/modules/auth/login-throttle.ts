import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/** The limits of auth-contract.md "Brute force and abuse", plus a per-IP cap across accounts. */
export const THROTTLE_RULES = [
  { scope: 'account-ip', max: 5, windowMs: 60_000 },
  { scope: 'account', max: 100, windowMs: 3_600_000 },
  { scope: 'ip', max: 30, windowMs: 60_000 },
] as const;

type Scope = (typeof THROTTLE_RULES)[number]['scope'];

/** Failed sign-ins live in the database so every API process sees the same counts. */
export function createLoginThrottle(db: Db) {
  const where = (scope: Scope, email: string, ip: string, since: Date) => {
    const time = gt(loginFailures.createdAt, since);
    if (scope === 'account-ip') return and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ip), time);
    if (scope === 'account') return and(eq(loginFailures.email, email), time);
    return and(eq(loginFailures.ipAddress, ip), time);
  };

  return {
    /** Seconds until the caller may try again, or 0 when no limit is reached. */
    async retryAfterSeconds(email: string, ip: string): Promise<number> {
      const now = Date.now();
      let wait = 0;
      for (const rule of THROTTLE_RULES) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${loginFailures.createdAt})` })
          .from(loginFailures)
          .where(where(rule.scope, email, ip, new Date(now - rule.windowMs)));
        if (row && row.n >= rule.max && row.oldest) {
          const until = new Date(row.oldest).getTime() + rule.windowMs;
          wait = Math.max(wait, Math.ceil((until - now) / 1000));
        }
      }
      return Math.max(wait, 0);
    },

    /** Records a failure; answers true when this failure is the one that starts a lockout. */
    async recordFailure(email: string, ip: string): Promise<boolean> {
      await db.insert(loginFailures).values({ email, ipAddress: ip });
      return (await this.retryAfterSeconds(email, ip)) > 0;
    },

    /** A successful sign-in clears that account's failures from that address (Laravel's behaviour). */
    clear: (email: string, ip: string) =>
      db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ipAddress, ip))),

    prune: () => db.delete(loginFailures).where(sql`${loginFailures.createdAt} < now() - interval '2 hours'`),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
