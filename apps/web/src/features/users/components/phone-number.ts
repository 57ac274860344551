import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/** True when the typed national number holds at least one digit. */
export const hasPhoneDigits = (nationalNumber: string) => /\d/.test(nationalNumber);

/**
 * The `mobileNo` sent to the server: dial code plus number, e.g. '+254712345678'.
 * Lenient on purpose (docs/spec/product-spec.md section 5): libphonenumber-js normalises what it can parse (a Kenyan
 * '0712 345 678' loses its trunk 0, a typed '+255...' keeps its own country); anything it cannot
 * parse is sent as dial code plus the typed digits, and the server has the last word.
 */
export function toMobileNo(countryCode: string, dialCode: string, nationalNumber: string): string {
  const typed = nationalNumber.trim();
  try {
    const parsed = isSupportedCountry(countryCode)
      ? parsePhoneNumberFromString(typed, countryCode)
      : parsePhoneNumberFromString(typed, { defaultCallingCode: dialCode });
    if (parsed) return parsed.number;
  } catch {
    // Fall through to the plain join below.
  }
  const digits = typed.replace(/\D/g, '');
  return typed.startsWith('+') ? `+${digits}` : `+${dialCode}${digits}`;
}
