const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal string with at most 2 places in cents ('197.5' -> 19750n); null when it is not one. */
function cents(value: string): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -magnitude : magnitude;
}

/**
 * The net of a posting whose SAP document has VAT (issue 25): SAP's gross less SAP's VAT, exactly, as decimal
 * text ('1432.09' - '197.53' = '1234.56'); null when either is not a decimal amount.
 */
export function netOf(gross: string, vat: string): string | null {
  const [g, v] = [cents(gross), cents(vat)];
  if (g === null || v === null) return null;
  const net = g - v;
  const magnitude = net < 0n ? -net : net;
  return `${net < 0n ? '-' : ''}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}
