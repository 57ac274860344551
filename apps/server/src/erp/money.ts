/**
 * Exact money for SAP payloads. Amounts travel as decimal strings ('1234.50'), arithmetic happens on
 * integers (bigint cents; quantities and unit prices in millionths, as SAP keeps 6 decimals there), and
 * only the final value becomes a JSON number: cents / 100 is the double nearest the exact decimal, so
 * SAP reads back exactly the cents we meant.
 */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
/** The Service Layer refuses amounts of a trillion and more (and doubles lose cents beyond that). */
const MAX_CENTS = 100_000_000_000_000n;

/** '12.5' at scale 2 -> 1250n. More decimals than `scale` are refused unless they are zeros. */
export function parseScaled(value: string, scale: number, what: string): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new MoneyError(`${what} '${value}' is not a decimal number.`);
  const [, sign, whole = '0', fraction = ''] = match;
  const extra = fraction.slice(scale);
  if (/[^0]/.test(extra)) throw new MoneyError(`${what} '${value}' has more than ${scale} decimals.`);
  const scaled = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return sign ? -scaled : scaled;
}

export const toCents = (amount: string, what = 'Amount') => parseScaled(amount, 2, what);

/** quantity x unit price, rounded half away from zero to cents. */
export function multiplyToCents(quantity: string, unitPrice: string): bigint {
  const product = parseScaled(quantity, 6, 'Quantity') * parseScaled(unitPrice, 6, 'Unit price'); // scale 12
  const divisor = 10_000_000_000n; // scale 12 -> 2
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

/** The JSON number SAP receives for an amount in cents. */
export function centsToNumber(cents: bigint): number {
  if (cents >= MAX_CENTS || cents <= -MAX_CENTS)
    throw new MoneyError(`The amount ${formatCents(cents)} is too large for SAP.`);
  return Number(cents) / 100;
}

/** 123450n -> '1234.50' */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A number SAP sent back (e.g. a Debit) in cents, read on its decimal digits. */
export function numberToCents(value: number): bigint {
  return parseScaled(value.toFixed(2), 2, 'Amount');
}
