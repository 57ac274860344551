import { useState } from 'react';
import type { ComboboxItem } from '@mantine/core';
import { Button, Checkbox, CloseButton, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { BulkField, BulkValues } from './posting-kind';

export type ApplyBarProps = {
  fields: readonly BulkField[];
  options: { ledger?: ComboboxItem[]; revenue?: ComboboxItem[] };
  /** 'the 3 selected rows' or 'the 100 rows on this page'. */
  target: string;
  onApply: (values: BulkValues) => void;
  onClose: () => void;
};

const TEXT_MAX = 100;

/**
 * 'Apply to rows' (issue 12): one posting date, ledger, revenue account (its cost account follows), the
 * original quantity as the collected quantity and one pickup order number, set on many rows at once. Only
 * the fields the screen has are shown; only those the user sets are applied. A lazy chunk: the screens
 * load it when the bar is opened.
 */
export default function ApplyBar({ fields, options, target, onApply, onClose }: ApplyBarProps) {
  const [postingDate, setPostingDate] = useState<Date | null>(null);
  const [ledger, setLedger] = useState('');
  const [revenue, setRevenue] = useState('');
  const [originalQuantity, setOriginalQuantity] = useState(false);
  const [pickupOrderNo, setPickupOrderNo] = useState('');
  const has = (field: BulkField) => fields.includes(field);

  const values: BulkValues = {
    ...(postingDate ? { postingDate } : {}),
    ...(ledger ? { ledgerId: Number(ledger) } : {}),
    ...(revenue ? { revenueId: Number(revenue) } : {}),
    ...(originalQuantity ? { originalQuantity: true as const } : {}),
    ...(pickupOrderNo.trim() ? { pickupOrderNo: pickupOrderNo.trim() } : {}),
  };
  const empty = Object.keys(values).length === 0;

  return (
    <Paper withBorder p="sm" role="region" aria-label="Apply to rows">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {`Apply to ${target}`}
        </Text>
        <CloseButton aria-label="Close apply to rows" onClick={onClose} />
      </Group>
      <Group align="flex-end" gap="sm">
        {has('postingDate') && (
          <DateTimePicker
            size="xs"
            w={190}
            label="Posting date"
            placeholder="Pick date and time"
            valueFormat="DD MMM YYYY HH:mm"
            value={postingDate}
            onChange={(next) => setPostingDate(next ? new Date(next) : null)}
            maxDate={new Date()}
            clearable
            submitButtonProps={{ 'aria-label': 'Confirm posting date' }}
            timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
            previousLabel="Previous month"
            nextLabel="Next month"
          />
        )}
        {has('ledger') && (
          <NativeSelect
            size="xs"
            w={260}
            label="Posting ledger"
            data={options.ledger ?? []}
            value={ledger}
            onChange={(event) => setLedger(event.currentTarget.value)}
          />
        )}
        {has('revenueAccount') && (
          <NativeSelect
            size="xs"
            w={280}
            label="Revenue account"
            description="The cost account of its category follows"
            data={options.revenue ?? []}
            value={revenue}
            onChange={(event) => setRevenue(event.currentTarget.value)}
          />
        )}
        {has('pickupOrderNo') && (
          <TextInput
            size="xs"
            w={160}
            label="Pickup order number"
            maxLength={TEXT_MAX}
            value={pickupOrderNo}
            onChange={(event) => setPickupOrderNo(event.currentTarget.value)}
          />
        )}
        {has('collectedQuantity') && (
          <Checkbox
            size="xs"
            label="Collected quantity = original quantity"
            checked={originalQuantity}
            onChange={(event) => setOriginalQuantity(event.currentTarget.checked)}
          />
        )}
        <Button size="xs" disabled={empty} onClick={() => onApply(values)}>
          Apply
        </Button>
      </Group>
    </Paper>
  );
}
