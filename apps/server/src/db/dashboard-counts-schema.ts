import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/**
 * The dashboard's running totals (issue 30, docs/decisions/026-dashboard-counters.md). Database triggers on every
 * record table append one row per (step, status, day, currency) a statement changed, with the change in count and
 * amount (a delta: never an update of a shared row, so writers never wait on each other); a figure is the sum of its
 * rows. A compaction folds the rows into one per key now and then. modules/dashboard/dashboard-counters.ts installs
 * the triggers (generated from the kinds' registry) and reads, checks and compacts the totals.
 *
 * - `step`: the registry's kind name (`salesInvoice`, `firstJournal`, ...);
 * - `status`: `unposted`, `failed` or `queued` (the rows a list still shows, keyed by document day), or `posted`
 *   (keyed by the day it was posted);
 * - `day`: that day in APP_TIMEZONE; `currency`: the record's, '' for none.
 */
export const dashboardCounts = pgTable('dashboard_counts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  step: text('step').notNull(),
  status: text('status').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  currency: text('currency').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
});

/**
 * One row (id 1): which trigger definition and time zone the totals were counted with (a hash of the generated
 * SQL, the zone), so a process reads them only when they are its own and falls back to counting the records; and
 * the compaction's watermark: the highest row id after the last one, and how many rows it left.
 */
export const dashboardCounterState = pgTable(
  'dashboard_counter_state',
  {
    id: integer('id').primaryKey().default(1),
    definition: text('definition').notNull(),
    timeZone: text('time_zone').notNull(),
    compactedThrough: bigint('compacted_through', { mode: 'number' }).notNull().default(0),
    keys: integer('keys').notNull().default(0),
    installedAt: instant('installed_at').notNull().defaultNow(),
  },
  (t) => [check('dashboard_counter_state_one_row', sql`${t.id} = 1`)],
);
