import dayjs from 'dayjs';

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

/** A count with a thousands separator ('12,345'). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return grouping.format(Math.trunc(value));
}

/** Server date-time 'yyyy-MM-dd HH:mm:ss' as '05 Mar 2025, 14:07'; 'N/A' when empty, the raw text when unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (isEmpty(value)) return NOT_AVAILABLE;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD MMM YYYY, HH:mm') : value;
}

/** A day 'yyyy-MM-dd' (or the date part of a date-time) as '05 Mar 2025'. */
export function formatDate(value: string | null | undefined): string {
  if (isEmpty(value)) return NOT_AVAILABLE;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('DD MMM YYYY') : value;
}

/** A text cell value or 'N/A' when empty. */
export function textOrNotAvailable(value: string | number | null | undefined): string {
  return isEmpty(value) ? NOT_AVAILABLE : String(value);
}

/** A Date as the wire's calendar day 'yyyy-MM-dd' in local time. */
export function toIsoDay(date: Date): string {
  return dayjs(date).format('YYYY-MM-DD');
}

/** A Date as the wire's date-time 'yyyy-MM-dd HH:mm:ss' in local time. */
export function toServerDateTime(date: Date): string {
  return dayjs(date).format('YYYY-MM-DD HH:mm:ss');
}
