import { describe, expect, it } from 'vitest';
import {
  COUNTRY_OPTIONS,
  countryMatchesSearch,
  countryOptionLabel,
  DEFAULT_COUNTRY,
  findCountryOption,
} from './country-options';

describe('country options', () => {
  it('labels options as (CC) +dial', () => {
    expect(countryOptionLabel('KE', '254')).toBe('(KE) +254');
    expect(findCountryOption('KE')).toMatchObject({
      label: '(KE) +254',
      name: 'Kenya',
      dialCode: '254',
      flag: '🇰🇪',
    });
  });

  it('defaults to Kenya', () => {
    expect(DEFAULT_COUNTRY).toBe('KE');
  });

  it('lists every country of countries-list once', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRY_OPTIONS.map((o) => o.value)).size).toBe(COUNTRY_OPTIONS.length);
    expect(COUNTRY_OPTIONS.every((o) => /^\(\w\w\) \+\d+$/.test(o.label))).toBe(true);
  });

  it('uses the first calling code of countries with several', () => {
    expect(findCountryOption('DO')?.label).toBe('(DO) +1809');
  });

  it('matches a search on name, code or dial code', () => {
    expect(countryMatchesSearch('KE', 'kenya')).toBe(true);
    expect(countryMatchesSearch('KE', '+254')).toBe(true);
    expect(countryMatchesSearch('KE', '(ke)')).toBe(true);
    expect(countryMatchesSearch('KE', 'uganda')).toBe(false);
  });
});
