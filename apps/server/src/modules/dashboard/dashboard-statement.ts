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
 * - failed and queued: counts over their partial indexes;
 * - the foreign-currency rows (issue 25), grouped by currency from their own partial indexes, which hold only the
 *   rows with a currency: each amount above is the local currency's (the total less the foreign ones) and each
 *   figure lists its foreign currencies beside it, so no total adds KES to USD.
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

/** One kind's table, columns and the SQL of what its awaiting rows stand for. */
function kindSql(name: RecordKindName) {
  const { table, columns, requiresPosted } = POSTING_STEPS[name];
  const entry = RECORD_KINDS_PLAIN[name];
  const amount = (table as unknown as Record<string, PgColumn>)[entry.amountField]!;
  // What a row still to post stands for (fuel and VAS: the original quantity at the unit price).
  const kind = SERVER_KINDS[name];
  const awaitingAmount = 'awaitingAmount' in kind ? kind.awaitingAmount : amount;
  // The rows the step's list shows (the list's own conditions, records/kinds): the second journal's only
  // once the first is posted.
  const requires = requiresPosted ? sql` AND ${requiresPosted} = 'posted'` : sql``;
  return { table, columns, entry, amount, awaitingAmount, requires };
}

/** A bucket's document-date range as SQL conditions (each starting with AND). */
function bucketRange(clock: DashboardClock, table: { documentDate: PgColumn }, bucket: AgingBucket) {
  const { from, before } = BUCKET_DAYS[bucket];
  return [
    ...(from === undefined
      ? []
      : [sql` AND ${table.documentDate} >= ${instant(clock.startOfDaysAgo(from))}`]),
    ...(before === undefined
      ? []
      : [sql` AND ${table.documentDate} < ${instant(clock.startOfDaysAgo(before))}`]),
  ];
}

/**
 * A kind's foreign-currency rows (issue 25) as two CTEs: `fx_a<i>` the awaiting ones per currency and aging
 * bucket (b: the bucket's place in AGING_BUCKETS), `fx_p<i>` the posted ones per currency and day of the window
 * (n). Both read the partial `<name>_foreign_idx` and `<name>_posted_foreign_idx` indexes, which hold only the
 * rows with a currency: for a company without foreign records they are empty and cost nothing.
 */
function foreignCtes(
  name: RecordKindName,
  i: number,
  clock: DashboardClock,
  window: PostedWindow,
  local: string | null,
) {
  const { table, columns, amount, awaitingAmount, requires } = kindSql(name);
  const { status, postedAt } = columns;
  const foreign = local
    ? sql`${table.currency} IS NOT NULL AND ${table.currency} <> ${local}`
    : sql`${table.currency} IS NOT NULL`;
  const bucketOf = sql`CASE ${sql.join(
    AGING_BUCKETS.map((bucket, b) => {
      const range = bucketRange(clock, table, bucket);
      return sql`WHEN true${sql.join(range)} THEN ${sql.raw(String(b))}`;
    }),
    sql` `,
  )} END`;
  return sql`${sql.raw(`fx_a${i}`)} AS (
      SELECT ${table.currency} AS currency, ${bucketOf} AS b, count(*) AS count, sum(${awaitingAmount}) AS amount
      FROM ${table} WHERE ${status} ${TO_POST}${requires} AND ${foreign} GROUP BY 1, 2),
    ${sql.raw(`fx_p${i}`)} AS (
      SELECT ${table.currency} AS currency, width_bucket(${postedAt}, ${window.starts}) AS n, count(*) AS count,
        sum(${amount}) AS amount
      FROM ${table}
      WHERE ${status} = 'posted' AND ${postedAt} >= ${window.from} AND ${postedAt} < ${window.until} AND ${foreign}
      GROUP BY 1, 2)`;
}

/** The foreign rows of a CTE matching `where`, as a JSON array of `currencyFigure` in currency order. */
const currenciesJson = (cte: string, where: SQL) =>
  sql`(SELECT coalesce(json_agg(json_build_object('currency', f.currency, 'count', f.count,
      'amount', ${money(sql`f.amount`)}) ORDER BY f.currency), '[]'::json)
    FROM (SELECT currency, sum(count)::bigint AS count, sum(amount) AS amount FROM ${sql.raw(cte)}
      WHERE ${where} GROUP BY currency) f)`;
/** The foreign rows' total of a CTE matching `where` (0 when none). */
const foreignTotal = (cte: string, where: SQL) =>
  sql`(SELECT coalesce(sum(amount), 0) FROM ${sql.raw(cte)} WHERE ${where})`;

/** One kind's figures as a JSON object (contract `dashboardKindSummary`), as a scalar subquery. */
function kindSummary(
  name: RecordKindName,
  i: number,
  clock: DashboardClock,
  postedWindow: PostedWindow,
): SQL {
  const { table, columns, entry, amount, awaitingAmount, requires } = kindSql(name);
  const { status, postedAt } = columns;
  const [fxA, fxP] = [`fx_a${i}`, `fx_p${i}`];

  const buckets = AGING_BUCKETS.map((bucket, b) => {
    const range = bucketRange(clock, table, bucket);
    return sql`(SELECT count(*) AS count, sum(${awaitingAmount}) AS amount FROM ${table}
      WHERE ${status} ${TO_POST}${requires}${sql.join(range)}) ${sql.raw(`b${b}`)}`;
  });
  const inBucket = (b: number) => sql.raw(`b = ${b}`);
  const bucketJson = AGING_BUCKETS.map(
    (bucket, b) => sql`json_build_object('bucket', ${bucket}::text, 'count', ${sql.raw(`b${b}.count`)},
      'amount', ${money(sql`${sql.raw(`b${b}.amount`)} - ${foreignTotal(fxA, inBucket(b))}`)},
      'currencies', ${currenciesJson(fxA, inBucket(b))})`,
  );
  const total = (column: 'count' | 'amount') =>
    sql.raw(AGING_BUCKETS.map((_, b) => `coalesce(b${b}.${column}, 0)`).join(' + '));
  const queued = entry.queued ? sql`(SELECT count(*) FROM ${table} WHERE ${status} = 'queued')` : sql`0`;
  const onDay = sql.raw(`n = days.n`);

  return sql`(SELECT json_build_object(
      'kind', ${entry.apiName}::text,
      'awaiting', json_build_object('count', ${total('count')},
        'amount', ${money(sql`${total('amount')} - ${foreignTotal(fxA, sql`true`)}`)},
        'currencies', ${currenciesJson(fxA, sql`true`)}),
      'aging', json_build_array(${sql.join(bucketJson, sql`, `)}),
      'postedPerDay', (
        SELECT json_agg(json_build_object(
            'day', to_char(days.day, 'YYYY-MM-DD'),
            'count', coalesce(posted.count, 0),
            'amount', ${money(sql`coalesce(posted.amount, 0) - ${foreignTotal(fxP, onDay)}`)},
            'currencies', ${currenciesJson(fxP, onDay)}
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
export function dashboardStatement(
  kinds: readonly RecordKindName[],
  clock: DashboardClock,
  local: string | null = null,
): SQL {
  const { postedDays } = clock;
  const postedWindow: PostedWindow = {
    starts: sql`${arrayLiteral(postedDays.map((d) => d.starts.toISOString()))}::timestamptz[]`,
    from: instant(postedDays[0]!.starts),
    until: instant(postedDays.at(-1)!.ends),
  };
  const days = arrayLiteral(postedDays.map((d) => d.day));
  const foreign = kinds.map((name, i) => foreignCtes(name, i, clock, postedWindow, local));
  return sql`WITH days AS (SELECT * FROM unnest(${days}::date[]) WITH ORDINALITY AS days(day, n)),
    ${sql.join(foreign, sql`, `)}
    SELECT json_build_array(${sql.join(
      kinds.map((name, i) => kindSummary(name, i, clock, postedWindow)),
      sql`, `,
    )}) AS kinds`;
}
