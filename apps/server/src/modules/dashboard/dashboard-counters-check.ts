import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';

/**
 * The running totals' check (issue 30): a fresh count of the records beside the kept totals, key by key
 * (`npm run cli -- dashboard:check`, and the tests that prove the triggers exact).
 */

/** A difference between the totals and a fresh count of the records, per key. */
export type CounterDrift = {
  step: string;
  status: string;
  day: string;
  currency: string;
  counted: { count: number; amount: string };
  kept: { count: number; amount: string };
};

/**
 * The check: every key whose kept total differs from counting the records now (empty: they agree). Read in one
 * REPEATABLE READ snapshot, so writes going on do not show as drift.
 */
export async function checkCounters(
  db: Db,
  /** The definition's statements counting each table's records afresh (dashboard-counters.ts `recount`). */
  recount: readonly string[],
): Promise<CounterDrift[]> {
  return db.transaction(
    async (tx) => {
      const fresh = recount.map((statement) =>
        statement.replace(
          /^INSERT INTO dashboard_counts \(step, status, day, currency, count, amount\)\s*/,
          '',
        ),
      );
      const rows = rowsOf<{
        step: string;
        status: string;
        day: string;
        currency: string;
        counted_count: string | null;
        counted_amount: string | null;
        kept_count: string | null;
        kept_amount: string | null;
      }>(
        await tx.execute(
          sql.raw(`WITH counted AS (${fresh.map((s) => `(${s})`).join(' UNION ALL ')}),
            c AS (SELECT step, status, day, currency, sum(count) AS count, sum(amount) AS amount FROM counted
              GROUP BY 1, 2, 3, 4),
            k AS (SELECT step, status, day, currency, sum(count) AS count, sum(amount) AS amount FROM dashboard_counts
              GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0 OR sum(amount) <> 0)
          SELECT coalesce(c.step, k.step) AS step, coalesce(c.status, k.status) AS status,
            to_char(coalesce(c.day, k.day), 'YYYY-MM-DD') AS day, coalesce(c.currency, k.currency) AS currency,
            c.count::text AS counted_count, c.amount::text AS counted_amount,
            k.count::text AS kept_count, k.amount::text AS kept_amount
          FROM c FULL JOIN k USING (step, status, day, currency)
          WHERE c.count IS DISTINCT FROM k.count OR c.amount IS DISTINCT FROM k.amount
          ORDER BY 1, 2, 3, 4`),
        ),
      );
      const figure = (count: string | null, amount: string | null) => ({
        count: Number(count ?? 0),
        amount: amount ?? '0',
      });
      return rows.map((r) => ({
        step: r.step,
        status: r.status,
        day: r.day,
        currency: r.currency,
        counted: figure(r.counted_count, r.counted_amount),
        kept: figure(r.kept_count, r.kept_amount),
      }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
