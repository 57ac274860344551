import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { serverTimeZone } from './server-time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A page reads the same 100 rows' dates at each render: the instants are kept (bounded). */
const instants = new Map<string, number>();
const CACHE_LIMIT = 5_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The instant at which the server's wall clock (server-time.ts) reads this date and time (month 1-12).
 * Without a known zone, the browser's wall clock.
 */
export function serverWallClock(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const zone = serverTimeZone();
  if (!zone) return new Date(year, month - 1, day, hour, minute, second);
  const wallClock = `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const key = `${zone} ${wallClock}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = dayjs.tz(wallClock, zone).valueOf();
    if (instants.size >= CACHE_LIMIT) instants.clear();
    instants.set(key, instant);
  }
  return new Date(instant);
}

/** The server's wall clock at an instant: its hour and minute. */
export function serverClockAt(instant: Date): { hour: number; minute: number } {
  const zone = serverTimeZone();
  const at = zone ? dayjs(instant).tz(zone) : dayjs(instant);
  return { hour: at.hour(), minute: at.minute() };
}
