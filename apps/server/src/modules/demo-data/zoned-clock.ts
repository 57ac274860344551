/**
 * Fast wall-clock arithmetic in one IANA time zone for bulk generation. Intl formatting costs tens of
 * microseconds a call, so the zone's offset is asked once per UTC day (hourly on a day with a transition)
 * and the rest is plain arithmetic.
 */
export type ZonedClock = {
  /** `yyyy-MM-ddTHH:mm:ss+03:00` in the zone. */
  format(date: Date): string;
  /** The instant of a wall-clock time in the zone (the earlier one in a DST overlap). */
  at(day: string, hour: number, minute: number): Date;
};

const pad2 = (value: number) => String(value).padStart(2, '0');

export function zonedClock(timeZone: string): ZonedClock {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const wallClockOf = (date: Date) => {
    const parts: Record<string, number> = {};
    for (const part of formatter.formatToParts(date))
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    return parts as {
      year: number;
      month: number;
      day: number;
      hour: number;
      minute: number;
      second: number;
    };
  };
  /** Minutes the zone is ahead of UTC at `ms`, asked of Intl. */
  const measure = (ms: number) => {
    const w = wallClockOf(new Date(ms));
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  };
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  const cache = new Map<string, number>();
  const cached = (key: string, compute: () => number) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute()));
    return value;
  };
  /** Minutes the zone is ahead of UTC at `date`; zones change offset on the hour (or half hour, rounded here). */
  const offsetAt = (date: Date) => {
    const ms = date.getTime();
    const day = Math.floor(ms / DAY);
    const first = cached(`d${day}`, () => measure(day * DAY));
    const last = cached(`e${day}`, () => measure(day * DAY + DAY - 1000));
    if (first === last) return first;
    const hour = Math.floor(ms / HOUR);
    return cached(`h${hour}`, () => measure(hour * HOUR + HOUR - 1000));
  };
  return {
    format(date) {
      const offset = offsetAt(date);
      const local = new Date(date.getTime() + offset * 60_000);
      const w = {
        year: local.getUTCFullYear(),
        month: local.getUTCMonth() + 1,
        day: local.getUTCDate(),
        hour: local.getUTCHours(),
        minute: local.getUTCMinutes(),
        second: local.getUTCSeconds(),
      };
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      return (
        `${w.year}-${pad2(w.month)}-${pad2(w.day)}T${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}` +
        `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
      );
    },
    at(day, hour, minute) {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const asUtc = Date.UTC(y, m - 1, d, hour, minute);
      // Two rounds settle the offset except inside a DST gap, where the later offset wins.
      let guess = new Date(asUtc - offsetAt(new Date(asUtc)) * 60_000);
      guess = new Date(asUtc - offsetAt(guess) * 60_000);
      return guess;
    },
  };
}
