import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { loginThrottle } from '../../db/schema.js';

/**
 * Password evaluations allowed per window (docs/design/auth-contract.md "Brute force and abuse", tightened by issue 9):
 * per account and address, per account across addresses, and per address across accounts (password spraying).
 */
export const THROTTLE_RULES = [
  { scope: 'account-ip', max: 5, windowMs: 60_000 },
  { scope: 'account', max: 20, windowMs: 15 * 60_000 },
  { scope: 'ip', max: 30, windowMs: 60_000 },
] as const;

type Rule = (typeof THROTTLE_RULES)[number];
export type Scope = Rule['scope'];

/** An admitted attempt: the evaluation times it added, so a successful sign-in can give them back. */
export type Admission = {
  admitted: true;
  email: string;
  ip: string;
  hits: { scope: Scope; key: string; hit: string }[];
};
export type Refusal = { admitted: false; waitSeconds: number; lockoutBegan: boolean; scope: Scope };

const keyOf = (scope: Scope, email: string, ip: string) =>
  scope === 'account-ip' ? JSON.stringify([email, ip]) : scope === 'account' ? email : ip;

/**
 * Admits or refuses one attempt under one rule in a single statement. The upsert holds the row lock, so of
 * any number of parallel attempts at most `max` find fewer than `max` evaluations inside the window. A
 * refusal reports when the oldest evaluation leaves the window, and whether it is the first refusal since
 * the last lockout ended (one audit entry per lockout, not per request).
 */
function admitStatement(rule: Rule, key: string) {
  const window = sql`(${rule.windowMs}::int * interval '1 millisecond')`;
  const recent = sql`ARRAY(SELECT h FROM unnest(t.hits) AS h WHERE h > now() - ${window})`;
  const admitted = sql`(cardinality(${recent}) < ${rule.max})`;
  return sql`
    INSERT INTO login_throttle AS t (scope, key, hits, admitted, locked_until, lockout_began, updated_at)
    VALUES (${rule.scope}, ${key}, ARRAY[now()], true, NULL, false, now())
    ON CONFLICT (scope, key) DO UPDATE SET
      hits = CASE WHEN ${admitted} THEN ${recent} || now() ELSE ${recent} END,
      admitted = ${admitted},
      locked_until = CASE WHEN ${admitted} THEN NULL ELSE (SELECT min(h) FROM unnest(t.hits) AS h WHERE h > now() - ${window}) + ${window} END,
      lockout_began = NOT ${admitted} AND (t.locked_until IS NULL OR t.locked_until <= now()),
      updated_at = now()
    RETURNING admitted, lockout_began AS "lockoutBegan", now()::text AS hit,
      GREATEST(1, ceil(extract(epoch FROM (locked_until - now()))))::int AS "waitSeconds"`;
}

/** Throttle state lives in the database, so every API process sees the same counts. */
export function createLoginThrottle(db: Db) {
  /** Removes one evaluation (by its exact time) from a rule's window. */
  const giveBack = (scope: Scope, key: string, hit: string) =>
    db.execute(sql`
      UPDATE login_throttle
      SET hits = hits[:array_position(hits, ${hit}::timestamptz) - 1] || hits[array_position(hits, ${hit}::timestamptz) + 1:]
      WHERE scope = ${scope} AND key = ${key} AND ${hit}::timestamptz = ANY(hits)`);

  return {
    /**
     * Counts the attempt against every rule before its password is evaluated. Rules are taken in order and
     * the first refusal stops: an attempt refused by a later rule has still used a slot of the earlier ones,
     * which only makes the limits stricter, never looser.
     */
    async admit(email: string, ip: string, scopes?: readonly Scope[]): Promise<Admission | Refusal> {
      const hits: Admission['hits'] = [];
      for (const rule of THROTTLE_RULES) {
        if (scopes && !scopes.includes(rule.scope)) continue;
        const key = keyOf(rule.scope, email, ip);
        const [row] = rowsOf<{
          admitted: boolean;
          lockoutBegan: boolean;
          hit: string;
          waitSeconds: number | null;
        }>(await db.execute(admitStatement(rule, key)));
        if (!row?.admitted) {
          return {
            admitted: false,
            waitSeconds: Number(row?.waitSeconds ?? 1),
            lockoutBegan: Boolean(row?.lockoutBegan),
            scope: rule.scope,
          };
        }
        hits.push({ scope: rule.scope, key, hit: row.hit });
      }
      return { admitted: true, email, ip, hits };
    },

    /**
     * A successful sign-in clears that account's record from that address (Laravel's behaviour) and gives its
     * evaluation back to the wider rules, so people who sign in often are never throttled by their successes.
     * A two-factor sign-in gives back both of its steps' evaluations: the password's (kept with the pending
     * sign-in, so any process can give it back) and the code's.
     */
    async succeeded(admission: Omit<Admission, 'admitted'>) {
      await db
        .delete(loginThrottle)
        .where(
          and(
            eq(loginThrottle.scope, 'account-ip'),
            eq(loginThrottle.key, keyOf('account-ip', admission.email, admission.ip)),
          ),
        );
      for (const { scope, key, hit } of admission.hits)
        if (scope !== 'account-ip') await giveBack(scope, key, hit);
    },

    /** Rows untouched for longer than the longest window hold nothing that still counts. */
    prune: () => db.delete(loginThrottle).where(sql`${loginThrottle.updatedAt} < now() - interval '2 hours'`),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
