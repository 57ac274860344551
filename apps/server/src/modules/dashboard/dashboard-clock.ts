import { formatDateTime, formatDay, instantOfWallClock } from '../../lib/time.js';

/** How many days the posted-per-day series covers, today included. */
export const POSTED_DAYS = 30;

/** A calendar day with the instants it starts and ends at in the application's time zone. */
export type ClockDay = { day: string; starts: Date; ends: Date };

/**
 * The dashboard's days at one instant, in the application's time zone: today, when the figures were read,
 * the start of any day counted back from today, and the posted-per-day window (oldest first). The SQL gets
 * these as constant instants, so each row is compared with a constant (index ranges the planner estimates
 * exactly, no per-row time-zone conversion) and a daylight-saving change moves the boundaries with it.
 */
export type DashboardClock = {
  today: string;
  generatedAt: string;
  /** The instant the day `days` before today starts: rows on or after it are at most `days` days old. */
  startOfDaysAgo(days: number): Date;
  postedDays: ClockDay[];
};

/** `yyyy-MM-dd` plus `days` (negative = back), in UTC calendar arithmetic so no time zone shifts it. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The dashboard's clock at `now` in `timeZone`. */
export function dashboardClock(now: Date, timeZone: string): DashboardClock {
  const today = formatDay(now, timeZone);
  const startOf = (day: string) => instantOfWallClock(`${day}T00:00:00`, timeZone);
  const startOfDaysAgo = (days: number) => startOf(addDays(today, -days));
  const postedDays = Array.from({ length: POSTED_DAYS }, (_, i) => {
    const day = addDays(today, i - (POSTED_DAYS - 1));
    return { day, starts: startOf(day), ends: startOf(addDays(day, 1)) };
  });
  return { today, generatedAt: formatDateTime(now, timeZone), startOfDaysAgo, postedDays };
}
