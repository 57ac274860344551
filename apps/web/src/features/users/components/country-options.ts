import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

export const DEFAULT_COUNTRY: TCountryCode = 'KE';

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, the Select's value. */
  value: TCountryCode;
  /** '(KE) +254' (docs/spec/product-spec.md section 2). */
  label: string;
  name: string;
  flag: string;
  dialCode: string;
}

/** '(KE) +254'. Countries with several calling codes (e.g. DO) use the first one. */
export const countryOptionLabel = (code: string, dialCode: string) => `(${code}) +${dialCode}`;

function buildCountryOptions(): CountryOption[] {
  return (Object.keys(countries) as TCountryCode[]).sort().map((code) => {
    const country = countries[code];
    const dialCode = String(country.phone[0] ?? '');
    return {
      value: code,
      label: countryOptionLabel(code, dialCode),
      name: country.name,
      flag: getEmojiFlag(code),
      dialCode,
    };
  });
}

/** Every country of countries-list (about 250), sorted by ISO code. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = buildCountryOptions();

const byCode = new Map<string, CountryOption>(COUNTRY_OPTIONS.map((option) => [option.value, option]));

export const findCountryOption = (code: string | null | undefined): CountryOption | undefined =>
  code ? byCode.get(code) : undefined;

/** Search matches the label, the ISO code, the dial code or the country name, ignoring case. */
export function countryMatchesSearch(code: string, search: string): boolean {
  const option = byCode.get(code);
  const needle = search.trim().toLowerCase().replace(/^\+/, '');
  if (!option || needle === '') return true;
  return [option.label, option.name, option.value, option.dialCode].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
