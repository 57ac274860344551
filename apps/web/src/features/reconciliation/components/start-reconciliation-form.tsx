import { useState, type FormEvent } from 'react';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconScale } from '@tabler/icons-react';
import { toIsoDay } from '@/lib/format';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useStartReconciliation } from '../api/reconciliations';

const START_FAILED = 'The reconciliation could not be started. Please try again.';
const daysAgo = (days: number) => toIsoDay(new Date(Date.now() - days * 86_400_000));

/** From and To (the last 7 days by default) and "Run reconciliation": the run is queued and selected. */
export function StartReconciliationForm({ onStarted }: { onStarted: (runId: number) => void }) {
  const [fromDate, setFromDate] = useState<string | null>(daysAgo(7));
  const [toDate, setToDate] = useState<string | null>(daysAgo(0));
  const start = useStartReconciliation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fromDate || !toDate) return;
    start.mutate(
      { fromDate, toDate },
      {
        onSuccess: (run) => {
          notifySuccess({ message: `Reconciliation #${run.id} started.` });
          onStarted(run.id);
        },
        onError: (error) => notifyError({ message: errorMessage(error, START_FAILED) }),
      },
    );
  };
  const day = (label: 'From' | 'To', value: string | null, onChange: (v: string | null) => void) => (
    <DatePickerInput
      label={label}
      value={value}
      onChange={onChange}
      valueFormat="DD MMM YYYY"
      previousLabel="Previous month"
      nextLabel="Next month"
      leftSection={<IconCalendar size={16} aria-hidden />}
      required
      w={200}
      {...(label === 'From' && toDate ? { maxDate: toDate } : {})}
      {...(label === 'To' && fromDate ? { minDate: fromDate } : {})}
    />
  );

  return (
    <form onSubmit={submit} aria-label="Run a reconciliation">
      <Group align="flex-end" gap="sm">
        {day('From', fromDate, setFromDate)}
        {day('To', toDate, setToDate)}
        <Button
          type="submit"
          leftSection={<IconScale size={16} aria-hidden />}
          loading={start.isPending}
          disabled={!fromDate || !toDate}
        >
          Run reconciliation
        </Button>
      </Group>
    </form>
  );
}
