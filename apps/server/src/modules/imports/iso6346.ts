/**
 * ISO 6346 container numbers: a 3-letter owner code, a category letter (U freight container, J detachable
 * equipment, Z trailer or chassis), a 6-digit serial number and a check digit, e.g. `CSQU3054383`.
 *
 * The check digit: letters count 10..38 skipping multiples of 11 (A=10, B=12 ... K=21, L=23 ... U=32, V=34
 * ...), digits their own value; each of the first ten characters is weighted by 2^position; the sum modulo
 * 11, then modulo 10 (a remainder of 10 gives 0; the standard advises owners not to issue such serials).
 */
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (let code = 65; code <= 90; code += 1) {
    if (value % 11 === 0) value += 1;
    values.set(String.fromCharCode(code), value);
    value += 1;
  }
  return values;
})();

const SHAPE = /^[A-Z]{3}[UJZ]\d{6}\d$/;

/** The check digit of the first ten characters (owner code, category, serial); throws on a malformed prefix. */
export function containerCheckDigit(prefix: string): number {
  if (!/^[A-Z]{4}\d{6}$/.test(prefix))
    throw new Error(`Not an ISO 6346 owner code, category and serial: ${prefix}`);
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = prefix[i]!;
    const value = i < 4 ? LETTER_VALUES.get(char)! : Number(char);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** Upper-cases and drops the spaces, hyphens and slashes people write into container numbers (`CSQU 305438-3`). */
export function normaliseContainerNumber(value: string): string {
  return value.toUpperCase().replace(/[\s\-/]/g, '');
}

/** Why `value` (already normalised) is not a valid ISO 6346 container number, or null when it is. */
export function containerNumberProblem(value: string): string | null {
  if (!SHAPE.test(value)) {
    return 'must be an ISO 6346 container number: 3-letter owner code, category U, J or Z, 6 digits and a check digit (e.g. CSQU3054383)';
  }
  const expected = containerCheckDigit(value.slice(0, 10));
  const given = Number(value[10]);
  return expected === given ? null : `check digit should be ${expected}, not ${given} (ISO 6346)`;
}

export const isValidContainerNumber = (value: string) =>
  containerNumberProblem(normaliseContainerNumber(value)) === null;
