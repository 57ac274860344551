import type { DashboardKindSummary, DashboardSummary, RecordKindName } from '@ff/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { dashboardClock } from './dashboard-clock.js';
import { dashboardStatement } from './dashboard-statement.js';

/**
 * The dashboard's figures (`GET /api/v1/dashboard`, issue 13): one statement, one database round trip,
 * whatever the number of kinds and rows (dashboard-statement.ts); PostgreSQL counts and sums, JavaScript
 * only receives the finished figures.
 */
export function createDashboardRepository(
  db: Db,
  timeZone: string,
  /**
   * SAP's local currency when it is known without asking SAP (currency-rates.ts `known`): records that name it
   * count as local. Unknown: only records without a currency do, and one naming it is listed as a currency.
   */
  localCurrency: () => string | null = () => null,
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
