/**
 * Exact decimal arithmetic on the wire's decimal strings ('12500.00', '40.000'), for the few figures the
 * screens recompute while a row is edited (fuel totals, VAS margins). Integers with BigInt, never binary
 * floats: 0.1 x 3 is 0.30 here, not 0.30000000000000004. The server recomputes every figure anyway; these
 * only keep what the user sees equal to what will be posted.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal as `units / 10^scale`. */
type Scaled = { units: bigint; scale: number };

function parse(value: string): Scaled {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal number: '${value}'`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** Whether the text is a plain decimal number ('12', '-3.50'); no exponents, grouping or spaces inside. */
export function isDecimal(value: string | null | undefined): value is string {
  return typeof value === 'string' && DECIMAL.test(value.trim());
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Brings a value to `scale` decimals; extra digits are rounded half away from zero. */
function rescale({ units, scale }: Scaled, target: number): bigint {
  if (scale <= target) return units * pow10(target - scale);
  const divisor = pow10(scale - target);
  const quotient = units / divisor;
  const remainder = units % divisor;
  const abs = remainder < 0n ? -remainder : remainder;
  if (abs * 2n >= divisor) return quotient + (units < 0n ? -1n : 1n);
  return quotient;
}

function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative && units !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** quantity x price with 2 decimals, rounded half-up (away from zero): ('2.5', '1.01') -> '2.53'. */
export function multiplyDecimal(quantity: string, price: string): string {
  const a = parse(quantity);
  const b = parse(price);
  const product = { units: a.units * b.units, scale: a.scale + b.scale };
  return toText(rescale(product, 2), 2);
}

/** a - b, exact, with as many decimals as the longer operand: ('10.5', '0.25') -> '10.25'. */
export function subtractDecimal(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return toText(rescale(left, scale) - rescale(right, scale), scale);
}

/** a + b, exact, with as many decimals as the longer operand. */
export function addDecimal(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  return toText(rescale(left, scale) + rescale(right, scale), scale);
}

/** -1, 0 or 1 as a is less than, equal to or greater than b ('1.50' equals '1.5'). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  const diff = rescale(left, scale) - rescale(right, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

/** What the server accepts as a collected quantity: not negative, at most 3 decimals. */
const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * A collected quantity the user may post: a non-negative number with at most 3 decimals and not above
 * `max` (the original quantity). Empty text is not valid.
 */
export function isValidQuantity(value: string | number | null | undefined, max: string): boolean {
  if (value === null || value === undefined) return false;
  const text = String(value).trim();
  if (!QUANTITY.test(text) || !isDecimal(max)) return false;
  return compareDecimal(text, max) <= 0;
}

/** Why a collected quantity of zero cannot be selected (issue 12, defect 4); shown under the input. */
export const ZERO_QUANTITY_MESSAGE = 'Enter a quantity above 0: SAP does not accept a zero amount.';

/** Whether the typed text is a quantity of exactly zero ('0', '0.000'). */
export const isZeroQuantity = (value: string | null | undefined): boolean =>
  isDecimal(value) && compareDecimal(value, '0') === 0;

/**
 * A collected quantity that may be posted: valid (`isValidQuantity`) and above zero, since SAP refuses a
 * zero amount. The shared rule of every screen with a collected quantity (fuel, VAS).
 */
export function isPostableQuantity(value: string | null | undefined, max: string): boolean {
  return isValidQuantity(value, max) && !isZeroQuantity(String(value).trim());
}

/** A table sorting comparator for nullable decimal strings: empty (or unreadable) values first. */
export function compareNullableDecimal(a: string | null | undefined, b: string | null | undefined): number {
  const left = isDecimal(a) ? a : null;
  const right = isDecimal(b) ? b : null;
  if (left === null) return right === null ? 0 : -1;
  if (right === null) return 1;
  return compareDecimal(left, right);
}
