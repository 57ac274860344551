import { sql } from 'drizzle-orm';
import {
  AGING_BUCKETS,
  RECORD_KINDS_PLAIN,
  type CurrencyFigure,
  type DashboardKindSummary,
  type RecordKindName,
} from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { formatCents, toCents } from '../../erp/money.js';
import { addDays, type DashboardClock } from './dashboard-clock.js';

/**
 * The dashboard's figures from the running totals (dashboard-counters.ts): one statement over `dashboard_counts`,
 * whose size follows the days and currencies that have records, not how many records await posting. It sums the
 * totals per (step, status, slot, currency): a slot is an aging bucket (its index in AGING_BUCKETS) for the rows
 * still to post, a day of the 30-day window (0 = the oldest) for the posted ones. The statement answers nothing
 * when the totals are not `definition`'s (another version's triggers, or none yet); the caller then counts the
 * records instead (dashboard-statement.ts).
 */

type SlotRow = {
  step: string;
  status: string;
  slot: number;
  currency: string;
  count: string;
  amount: string;
};

/** The aging buckets' first days, newest first: a document day on or after the first is in bucket 0, and so on. */
function bucketStarts(clock: DashboardClock): string[] {
  return [7, 30, 60].map((days) => addDays(clock.today, -days));
}

export async function readCounterSlots(
  db: Db,
  kinds: readonly RecordKindName[],
  clock: DashboardClock,
  local: string | null,
  definition: string,
): Promise<SlotRow[] | null> {
  const [d7, d30, d60] = bucketStarts(clock);
  const first = clock.postedDays[0]!.day;
  const rows = rowsOf<SlotRow & { current: boolean }>(
    await db.execute(sql`WITH state AS (SELECT definition = ${definition} AS current FROM dashboard_counter_state
        WHERE id = 1),
      slots AS (
        SELECT step, status,
          CASE WHEN status = 'posted' THEN day - ${first}::date
            WHEN day >= ${d7}::date THEN 0 WHEN day >= ${d30}::date THEN 1 WHEN day >= ${d60}::date THEN 2 ELSE 3
          END AS slot,
          CASE WHEN currency = '' OR currency = ${local} THEN '' ELSE currency END AS currency, count, amount
        FROM dashboard_counts
        WHERE step IN ${kinds} AND (status <> 'posted' OR (day >= ${first}::date AND day <= ${clock.today}::date))
          AND (SELECT current FROM state))
      SELECT true AS current, step, status, slot, currency, sum(count)::text AS count, round(sum(amount), 2)::text AS amount
      FROM slots GROUP BY step, status, slot, currency HAVING sum(count) <> 0
      UNION ALL SELECT current, null, null, null, null, null, null FROM state`),
  );
  const marker = rows.find((r) => r.step === null);
  if (!marker?.current) return null;
  return rows.filter((r) => r.step !== null);
}

/** A count and exact total, with the foreign currencies' beside the local one. */
class Figure {
  count = 0;
  private local = 0n;
  private foreign = new Map<string, { count: number; cents: bigint }>();
  add(row: SlotRow) {
    const count = Number(row.count);
    const cents = toCents(row.amount);
    this.count += count;
    if (!row.currency) this.local += cents;
    else {
      const entry = this.foreign.get(row.currency) ?? { count: 0, cents: 0n };
      entry.count += count;
      entry.cents += cents;
      this.foreign.set(row.currency, entry);
    }
  }
  get amount() {
    return formatCents(this.local);
  }
  get currencies(): CurrencyFigure[] {
    return [...this.foreign.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([currency, { count, cents }]) => ({ currency, count, amount: formatCents(cents) }));
  }
}

/** One kind's `dashboardKindSummary` from its slot rows. */
export function kindFromSlots(
  kind: RecordKindName,
  rows: readonly SlotRow[],
  clock: DashboardClock,
): DashboardKindSummary {
  const entry = RECORD_KINDS_PLAIN[kind];
  const awaiting = new Figure();
  const aging = AGING_BUCKETS.map(() => new Figure());
  const posted = clock.postedDays.map(() => new Figure());
  let failed = 0;
  let queued = 0;
  for (const row of rows) {
    if (row.step !== kind) continue;
    if (row.status === 'posted') posted[row.slot]?.add(row);
    else if (row.status === 'queued') queued += Number(row.count);
    else {
      awaiting.add(row);
      aging[row.slot]!.add(row);
      if (row.status === 'failed') failed += Number(row.count);
    }
  }
  return {
    kind: entry.apiName,
    awaiting: { count: awaiting.count, amount: awaiting.amount, currencies: awaiting.currencies },
    aging: AGING_BUCKETS.map((bucket, b) => ({
      bucket,
      count: aging[b]!.count,
      amount: aging[b]!.amount,
      currencies: aging[b]!.currencies,
    })),
    postedPerDay: clock.postedDays.map(({ day }, n) => ({
      day,
      count: posted[n]!.count,
      amount: posted[n]!.amount,
      currencies: posted[n]!.currencies,
    })),
    failed,
    queued: entry.queued ? queued : 0,
  };
}
