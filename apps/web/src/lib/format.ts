/** Shown where an amount or value is empty (docs/spec/product-spec.md section 9). */
export const NOT_AVAILABLE = 'N/A';

const grouping = new Intl.NumberFormat('en-US');
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const isEmpty = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * An amount with 2 decimals and en-US grouping ('1,234,567.50'), or 'N/A' when empty.
 * Decimal strings (how the server sends money) are rounded half-up exactly, without binary floats.
 */
export function formatAmount(value: number | string | null | undefined): string {
  if (isEmpty(value)) return NOT_AVAILABLE;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return NOT_AVAILABLE;
  const [, sign = '', whole = '0', fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const units = cents / 100n;
  const rest = (cents % 100n).toString().padStart(2, '0');
  const negative = sign === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${grouping.format(units)}.${rest}`;
}

/**
 * An amount in a record's currency (issue 25): 'USD 1,234.56' when the record carries an ISO 4217 code, exactly
 * `formatAmount` when it does not (null: the company's local currency, the spec's records). An empty amount
 * is 'N/A' either way.
 */
export function formatMoney(
  value: number | string | null | undefined,
  currency: string | null | undefined,
): string {
  const amount = formatAmount(value);
  const code = currency?.trim();
  return code && amount !== NOT_AVAILABLE ? `${code} ${amount}` : amount;
}

/** A count with a thousands separator ('12,345'). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return grouping.format(Math.trunc(value));
}

// The wire's dates are one fixed shape ('yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss', docs/spec/product-spec.md
// section 3), so reading them needs no date library here: every screen's first load stays smaller by dayjs
// (docs/benchmarks.md, bench:web). The posting screens' date pickers still use dayjs, through @mantine/dates.
const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The parts of a wire date or date-time, or null when it is not one (or not a real calendar day). */
function wireParts(value: string) {
  const match = WIRE_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00'] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  if (date.getMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59) return null;
  return { day: `${day} ${MONTHS[Number(month) - 1]} ${year}`, time: `${hour}:${minute}` };
}

/** Server date-time 'yyyy-MM-dd HH:mm:ss' as '05 Mar 2025, 14:07'; 'N/A' when empty, the raw text when unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (isEmpty(value)) return NOT_AVAILABLE;
  const parts = wireParts(value);
  return parts ? `${parts.day}, ${parts.time}` : value;
}

/** A day 'yyyy-MM-dd' (or the date part of a date-time) as '05 Mar 2025'. */
export function formatDate(value: string | null | undefined): string {
  if (isEmpty(value)) return NOT_AVAILABLE;
  return wireParts(value)?.day ?? value;
}

/** A text cell value or 'N/A' when empty. */
export function textOrNotAvailable(value: string | number | null | undefined): string {
  return isEmpty(value) ? NOT_AVAILABLE : String(value);
}

/** A Date as the wire's calendar day 'yyyy-MM-dd' in local time. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A Date as the wire's date-time 'yyyy-MM-dd HH:mm:ss' in local time. */
export function toServerDateTime(date: Date): string {
  return `${toIsoDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
