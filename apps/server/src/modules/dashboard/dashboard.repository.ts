import type { DashboardKindSummary, DashboardSummary, RecordKindName } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { dashboardClock } from './dashboard-clock.js';
import { kindFromSlots, readCounterSlots } from './dashboard-counters-summary.js';
import { dashboardStatement } from './dashboard-statement.js';

/**
 * The dashboard's figures (`GET /api/v1/dashboard`, issue 13): from the running totals the record tables' triggers
 * keep (issue 30, dashboard-counters.ts), one statement whose cost does not grow with the records awaiting posting.
 * When the totals are not this process's definition (`counters` undefined, or another version's or none installed:
 * a role without DDL rights before `npm run migrate`), it counts the records instead (dashboard-statement.ts), with
 * the same answer.
 */
export function createDashboardRepository(
  db: Db,
  timeZone: string,
  /**
   * SAP's local currency when it is known without asking SAP (currency-rates.ts `known`): records that name it
   * count as local. Unknown: only records without a currency do, and one naming it is listed as a currency.
   */
  localCurrency: () => string | null = () => null,
  /** The hash of the counter definition this process installed (dashboard-counters.ts); undefined: count. */
  counters?: string,
) {
  return {
    /**
     * The summary of `kinds` (in that order) as of `now` (the clock by default; tests pass an instant to
     * hold the day boundaries still). No kinds, no statement.
     */
    async summary(kinds: readonly RecordKindName[], now: Date = new Date()): Promise<DashboardSummary> {
      const clock = dashboardClock(now, timeZone);
      const { today, generatedAt } = clock;
      if (!kinds.length) return { kinds: [], generatedAt, today };
      const slots = counters ? await readCounterSlots(db, kinds, clock, localCurrency(), counters) : null;
      if (slots) return { kinds: kinds.map((kind) => kindFromSlots(kind, slots, clock)), generatedAt, today };
      return this.recount(kinds, now);
    },
    /** The summary counted from the records themselves (the check the running totals must equal). */
    async recount(kinds: readonly RecordKindName[], now: Date = new Date()): Promise<DashboardSummary> {
      const clock = dashboardClock(now, timeZone);
      const { generatedAt, today } = clock;
      if (!kinds.length) return { kinds: [], generatedAt, today };
      const [row] = rowsOf<{ kinds: DashboardKindSummary[] | string }>(
        await db.execute(dashboardStatement(kinds, clock, localCurrency())),
      );
      // node-postgres and PGlite both parse json columns; a driver that did not would hand over the text.
      const figures = row!.kinds;
      return { kinds: typeof figures === 'string' ? JSON.parse(figures) : figures, generatedAt, today };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
