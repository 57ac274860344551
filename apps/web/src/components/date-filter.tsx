import { useId, useState, type FormEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Only the screens with a date input download the date picker's stylesheet (not the sign-in pages).
import '@mantine/dates/styles.css';
import { IconCalendar, IconFilter } from '@tabler/icons-react';
import type { DateRangeQuery } from '@ff/contract';

export type DateFilterProps = {
  /** Called only when Filter is pressed, with the chosen days as 'YYYY-MM-DD' (absent when empty). */
  onFilter: (range: DateRangeQuery) => void;
  initialValue?: DateRangeQuery;
  /** Disables the Filter button while a load runs. */
  loading?: boolean;
};

/** Drops empty ends so the query string carries only what was chosen. */
export function toDateRange(fromDate: string | null, toDate: string | null): DateRangeQuery {
  return { ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) };
}

const calendarIcon = <IconCalendar size={16} aria-hidden />;

type DayInputProps = {
  label: 'From Date' | 'To Date';
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
};

/** One end of the range: a clearable day picker, bounded by the other end. */
function DayInput({ label, ...props }: DayInputProps) {
  // The calendar dropdown (role dialog) is labelled by its target: the popover's id base must be the
  // button's id, or its aria-labelledby points at nothing and the dialog has no name.
  const id = useId();
  return (
    <DatePickerInput
      id={id}
      popoverProps={{ id }}
      hideOutsideDates
      label={label}
      placeholder="Pick a date"
      previousLabel="Previous month"
      nextLabel="Next month"
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      valueFormat="DD MMM YYYY"
      leftSection={calendarIcon}
      clearable
      w={200}
      {...props}
    />
  );
}

export function DateFilter({ onFilter, initialValue, loading = false }: DateFilterProps) {
  const [fromDate, setFromDate] = useState<string | null>(initialValue?.fromDate ?? null);
  const [toDate, setToDate] = useState<string | null>(initialValue?.toDate ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter(toDateRange(fromDate, toDate));
  };

  return (
    <form onSubmit={submit} aria-label="Date filter">
      <Group align="flex-end" gap="sm">
        <DayInput label="From Date" value={fromDate} onChange={setFromDate} maxDate={toDate ?? undefined} />
        <DayInput label="To Date" value={toDate} onChange={setToDate} minDate={fromDate ?? undefined} />
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />} loading={loading}>
          Filter
        </Button>
      </Group>
    </form>
  );
}
