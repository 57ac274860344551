import { memo } from 'react';
import type { LedgerAccount } from '@ff/contract';
import { formatLedgerAccount } from '@ff/contract/plain';
import { NativeSelect, NumberInput, TextInput, type ComboboxItem } from '@mantine/core';
import { isDecimal, compareDecimal } from '@/components/posting/decimal';
import { PostingDateInput } from '@/components/posting/posting-date-input';

/*
 * Per-row inputs, memoised on plain props and a stable `onChange(rowId, value)`: editing one row re-renders
 * that row's input only, not the ~100 inputs of every other row in the column.
 */

type RowInputProps<V> = {
  rowId: number;
  value: V;
  onChange: (rowId: number, value: V) => void;
  'aria-label': string;
};

export const RowPostingDate = memo(function RowPostingDate({
  rowId,
  value,
  onChange,
  documentDate,
  'aria-label': label,
}: RowInputProps<Date | null> & { documentDate: string }) {
  return (
    <PostingDateInput
      aria-label={label}
      documentDate={documentDate}
      value={value}
      onChange={(next) => onChange(rowId, next)}
    />
  );
});

/**
 * The options of an account select: a first empty choice that says what is going on, then the accounts as
 * 'description - accountNumber' with the id as value.
 */
export function accountOptions(
  accounts: readonly LedgerAccount[] | undefined,
  loading: boolean,
): ComboboxItem[] {
  const first = loading ? 'Loading accounts…' : accounts?.length ? 'Select account' : 'No accounts';
  return [
    { value: '', label: first },
    ...(accounts ?? []).map((account) => ({
      value: String(account.id),
      label: formatLedgerAccount(account),
    })),
  ];
}

/**
 * A ledger account select (`options` from accountOptions). A native select on purpose: a page holds 100-200 of them, and Mantine's Select
 * keeps a portal with its option list mounted per instance (most of the first render); the lists are short.
 */
export const RowAccountSelect = memo(function RowAccountSelect({
  rowId,
  value,
  onChange,
  options,
  'aria-label': label,
}: RowInputProps<number | null> & { options: ComboboxItem[] }) {
  return (
    <NativeSelect
      size="xs"
      w={260}
      aria-label={label}
      data={options}
      value={value === null ? '' : String(value)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(rowId, next === '' ? null : Number(next));
      }}
    />
  );
});

export const RowTextInput = memo(function RowTextInput({
  rowId,
  value,
  onChange,
  'aria-label': label,
}: RowInputProps<string>) {
  return (
    <TextInput
      size="xs"
      w={130}
      aria-label={label}
      placeholder="Required"
      maxLength={100}
      value={value}
      onChange={(event) => onChange(rowId, event.currentTarget.value)}
    />
  );
});

/**
 * A collected quantity: no negatives, up to 3 decimals, never above `max` (the original quantity, compared
 * exactly on the decimal text). The value stays text so no binary float creeps into the total.
 */
export const RowQuantityInput = memo(function RowQuantityInput({
  rowId,
  value,
  onChange,
  max,
  'aria-label': label,
}: RowInputProps<string> & { max: string }) {
  return (
    <NumberInput
      size="xs"
      w={110}
      aria-label={label}
      placeholder={`Max ${max}`}
      value={value}
      onChange={(next) => onChange(rowId, String(next))}
      allowNegative={false}
      decimalScale={3}
      hideControls
      clampBehavior="none"
      isAllowed={({ value: typed }) => !isDecimal(typed) || compareDecimal(typed, max) <= 0}
    />
  );
});
