import { memo, type ReactNode } from 'react';
import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { COUNTRY_OPTIONS, countryMatchesSearch, findCountryOption } from './country-options';

const data: ComboboxItem[] = COUNTRY_OPTIONS.map(({ value, label }) => ({ value, label }));

const filter: OptionsFilter = ({ options, search }) =>
  options.filter((option) => 'value' in option && countryMatchesSearch(option.value, search));

// Plain elements: ~250 of these stay mounted, so they avoid the cost of Mantine components.
const renderOption: SelectProps['renderOption'] = ({ option }) => {
  const country = findCountryOption(option.value);
  return (
    <span style={{ display: 'flex', gap: 8, alignItems: 'baseline', minWidth: 0 }}>
      <span aria-hidden>{country?.flag}</span>
      <span>{option.label}</span>
      <span
        style={{
          color: 'var(--mantine-color-dimmed)',
          fontSize: 'var(--mantine-font-size-xs)',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {country?.name}
      </span>
    </span>
  );
};

interface CountryCodeSelectProps {
  /** ISO country code. */
  value: string;
  onChange: (code: string) => void;
  error?: ReactNode;
}

/**
 * Searchable dial-code picker showing '(KE) +254' with the flag; the search also matches country names.
 * Memoised: its ~250 options stay mounted (hidden) and should not re-render on every keystroke elsewhere.
 */
export const CountryCodeSelect = memo(function CountryCodeSelect({
  value,
  onChange,
  error,
}: CountryCodeSelectProps) {
  const selected = findCountryOption(value);
  return (
    <Select
      label="Country code"
      withAsterisk
      w={150}
      value={value}
      onChange={(code) => code && onChange(code)}
      error={error}
      data={data}
      filter={filter}
      renderOption={renderOption}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No country matches your search"
      leftSection={selected ? <span aria-hidden>{selected.flag}</span> : undefined}
      comboboxProps={{ width: 300, position: 'bottom-start' }}
    />
  );
});
