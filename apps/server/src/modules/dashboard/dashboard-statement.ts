import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AGING_BUCKETS, RECORD_KINDS_PLAIN, type AgingBucket, type RecordKindName } from '@ff/contract';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import { SERVER_KINDS } from '../records/kinds/index.js';
import { TO_POST } from '../records/kinds/shared/columns.js';
import type { DashboardClock } from './dashboard-clock.js';

/**
 * The dashboard's one SQL statement (issue 13), built by looping the registry (POSTING_STEPS: each step's
 * table, state columns and the step it requires), so a new kind is counted without a change here. Per kind:
 * - awaiting and aging: one count and sum per aging bucket, each an index-only range scan of the step's
 *   "to post" index (document_date, amount); the awaiting figures are the buckets' totals;
 * - posted per day: one range scan of the step's posted index (posted_at, amount) over the 30 days, grouped
 *   by day and joined to the days so each comes zero-filled;
 * - failed and queued: counts over their partial indexes.
 * PostgreSQL builds the whole answer as JSON: no record row reaches JavaScript. Day boundaries arrive as
 * constant instants (dashboard-clock.ts), which also keeps the planner's estimates exact and the statement
 * cheap enough to run without JIT compilation (which alone cost 90 ms with a million rows per table).
 */

/** A money total as exact decimal text with 2 places ('0.00' when there is none). */
const money = (total: SQL) => sql`round(coalesce(${total}, 0), 2)::text`;

/**
 * Each aging bucket as document dates on or after the start of day `today - from` and before the start of
 * day `today - before` (whole days in the application's time zone; a future document date is 0 days old).
 */
const BUCKET_DAYS: Record<AgingBucket, { from?: number; before?: number }> = {
  '0-7': { from: 7 },
  '8-30': { from: 30, before: 7 },
  '31-60': { from: 60, before: 30 },
  '60+': { before: 60 },
};

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;
/** A PostgreSQL array literal of plain values (days and ISO instants: no quoting needed). */
const arrayLiteral = (values: string[]) => `{${values.join(',')}}`;

/** One kind's figures as a JSON object (contract `dashboardKindSummary`), as a scalar subquery. */
function kindSummary(name: RecordKindName, clock: DashboardClock, postedWindow: PostedWindow): SQL {
  const { table, columns, requiresPosted } = POSTING_STEPS[name];
  const entry = RECORD_KINDS_PLAIN[name];
  const amount = (table as unknown as Record<string, PgColumn>)[entry.amountField]!;
  // What a row still to post stands for (fuel and VAS: the original quantity at the unit price).
  const kind = SERVER_KINDS[name];
  const awaitingAmount = 'awaitingAmount' in kind ? kind.awaitingAmount : amount;
  const { status, postedAt } = columns;
  // The rows the step's list shows (the list's own conditions, records/kinds): the second journal's only
  // once the first is posted.
  const requires = requiresPosted ? sql` AND ${requiresPosted} = 'posted'` : sql``;

  const buckets = AGING_BUCKETS.map((bucket, i) => {
    const { from, before } = BUCKET_DAYS[bucket];
    const range = [
      ...(from === undefined
        ? []
        : [sql` AND ${table.documentDate} >= ${instant(clock.startOfDaysAgo(from))}`]),
      ...(before === undefined
        ? []
        : [sql` AND ${table.documentDate} < ${instant(clock.startOfDaysAgo(before))}`]),
    ];
    return sql`(SELECT count(*) AS count, sum(${awaitingAmount}) AS amount FROM ${table}
      WHERE ${status} ${TO_POST}${requires}${sql.join(range)}) ${sql.raw(`b${i}`)}`;
  });
  const bucketJson = AGING_BUCKETS.map(
    (bucket, i) => sql`json_build_object('bucket', ${bucket}::text, 'count', ${sql.raw(`b${i}.count`)},
      'amount', ${money(sql.raw(`b${i}.amount`))})`,
  );
  const total = (column: 'count' | 'amount') =>
    sql.raw(AGING_BUCKETS.map((_, i) => `coalesce(b${i}.${column}, 0)`).join(' + '));
  const queued = entry.queued ? sql`(SELECT count(*) FROM ${table} WHERE ${status} = 'queued')` : sql`0`;

  return sql`(SELECT json_build_object(
      'kind', ${entry.apiName}::text,
      'awaiting', json_build_object('count', ${total('count')}, 'amount', ${money(total('amount'))}),
      'aging', json_build_array(${sql.join(bucketJson, sql`, `)}),
      'postedPerDay', (
        SELECT json_agg(json_build_object(
            'day', to_char(days.day, 'YYYY-MM-DD'),
            'count', coalesce(posted.count, 0),
            'amount', ${money(sql`posted.amount`)}
          ) ORDER BY days.day)
        FROM days LEFT JOIN (
          SELECT width_bucket(${postedAt}, ${postedWindow.starts}) AS n, count(*) AS count, sum(${amount}) AS amount
          FROM ${table}
          WHERE ${status} = 'posted' AND ${postedAt} >= ${postedWindow.from} AND ${postedAt} < ${postedWindow.until}
          GROUP BY 1
        ) posted ON posted.n = days.n
      ),
      'failed', (SELECT count(*) FROM ${table} WHERE ${status} = 'failed'${requires}),
      'queued', ${queued}
    )
    FROM ${sql.join(buckets, sql`, `)})`;
}

/** The posted-per-day window as SQL constants: each day's start instant, the first start and the last end. */
type PostedWindow = { starts: SQL; from: SQL; until: SQL };

/**
 * The statement reading `kinds` (in the order given) at the clock's instant: one row, one column `kinds`
 * holding their `dashboardKindSummary` objects as a JSON array. A posting's day is its place among the
 * window's day starts (`width_bucket`, a binary search over 30 constants), so no row is converted to a day.
 */
export function dashboardStatement(kinds: readonly RecordKindName[], clock: DashboardClock): SQL {
  const { postedDays } = clock;
  const postedWindow: PostedWindow = {
    starts: sql`${arrayLiteral(postedDays.map((d) => d.starts.toISOString()))}::timestamptz[]`,
    from: instant(postedDays[0]!.starts),
    until: instant(postedDays.at(-1)!.ends),
  };
  const days = arrayLiteral(postedDays.map((d) => d.day));
  return sql`WITH days AS (SELECT * FROM unnest(${days}::date[]) WITH ORDINALITY AS days(day, n))
    SELECT json_build_array(${sql.join(
      kinds.map((name) => kindSummary(name, clock, postedWindow)),
      sql`, `,
    )}) AS kinds`;
}
