/**
 * Amounts arrive as JSON numbers (binary floats). Every sum and comparison happens on integers: cents for
 * money, millionths for quantities and unit prices (SAP keeps 6 decimals there), so 0.1 + 0.2 balances 0.3.
 */

/** Rounds half away from zero on the decimal digits a person typed, not on the binary value. */
function toScaled(value: number, decimals: number): number {
  // toFixed(decimals + 2) shows the digits a person typed, then we round on those digits.
  const [whole = '0', fraction = ''] = Math.abs(value)
    .toFixed(decimals + 2)
    .split('.');
  const kept = fraction.slice(0, decimals);
  const next = Number(fraction[decimals] ?? '0');
  const scaled = Number(whole) * 10 ** decimals + Number(kept || '0') + (next >= 5 ? 1 : 0);
  return value < 0 ? -scaled : scaled;
}

export const toCents = (amount: number): number => toScaled(amount, 2);
export const toMicros = (amount: number): number => toScaled(amount, 6);

/** Back to the number SAP returns; dividing an integer by 100 gives the nearest double to the exact value. */
export const fromCents = (cents: number): number => cents / 100;
export const fromMicros = (micros: number): number => micros / 1_000_000;

/** price x quantity in cents, via BigInt so big quantities at 6-decimal prices cannot lose precision. */
export function lineTotalCents(priceMicros: number, quantityMicros: number): number {
  const product = BigInt(priceMicros) * BigInt(quantityMicros); // scale 10^12
  const divisor = 10_000_000_000n; // to scale 10^2
  const half = divisor / 2n;
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(((magnitude + half) / divisor) * sign);
}

/** The unit price SAP shows when only a line total was given: total / quantity, to 6 decimals. */
export function unitPriceMicros(totalCents: number, quantityMicros: number): number {
  const numerator = BigInt(totalCents) * 10_000_000_000n; // cents * 10^10 / micros -> micros
  const divisor = BigInt(quantityMicros);
  return Number((numerator * 2n + divisor) / (divisor * 2n));
}

/** For messages: 1234567 -> "12345.67". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
