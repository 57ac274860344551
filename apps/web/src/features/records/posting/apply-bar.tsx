import { useEffect, useRef, useState } from 'react';
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
  /**
   * When no row is selected, the rows of the page the values would go to: more than one, and Apply asks
   * first ('Apply to all 100 rows on this page?', issue 26 defect 2). Null when the target is the selection.
   */
  pageRows: number | null;
  onApply: (values: BulkValues) => void;
  onClose: () => void;
};

const TEXT_MAX = 100;

const EMPTY = {
  postingDate: null as Date | null,
  ledger: '',
  revenue: '',
  originalQuantity: false,
  pickupOrderNo: '',
};

/**
 * 'Apply to rows' (issue 12): one posting date, ledger, revenue account (its cost account follows), the
 * original quantity as the collected quantity and one pickup order number, set on many rows at once. Only
 * the fields the screen has are shown; only those the user sets are applied. A lazy chunk: the screens
 * load it when the bar is opened.
 *
 * Each Apply is one use of the bar (issue 26, defect 2): its values are cleared once applied, so a later
 * Apply never sends a value the user did not set for it; the list remounts the bar after a post. Applying
 * to the rows of a page (nothing selected) asks first.
 */
export default function ApplyBar({ fields, options, target, pageRows, onApply, onClose }: ApplyBarProps) {
  const [inputs, setInputs] = useState(EMPTY);
  const { postingDate, ledger, revenue, originalQuantity, pickupOrderNo } = inputs;
  const set = <F extends keyof typeof EMPTY>(field: F, value: (typeof EMPTY)[F]) =>
    setInputs((previous) => ({ ...previous, [field]: value }));
  const setPostingDate = (value: Date | null) => set('postingDate', value);
  const setLedger = (value: string) => set('ledger', value);
  const setRevenue = (value: string) => set('revenue', value);
  const setOriginalQuantity = (value: boolean) => set('originalQuantity', value);
  const setPickupOrderNo = (value: string) => set('pickupOrderNo', value);
  // The question 'Apply to all N rows on this page?' is asked for one target; a new selection drops it.
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const asking = askedFor !== null && askedFor === target && pageRows !== null;
  // The question takes the keyboard focus (Apply is disabled while it is asked).
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const has = (field: BulkField) => fields.includes(field);

  const values: BulkValues = {
    ...(postingDate ? { postingDate } : {}),
    ...(ledger ? { ledgerId: Number(ledger) } : {}),
    ...(revenue ? { revenueId: Number(revenue) } : {}),
    ...(originalQuantity ? { originalQuantity: true as const } : {}),
    ...(pickupOrderNo.trim() ? { pickupOrderNo: pickupOrderNo.trim() } : {}),
  };
  const empty = Object.keys(values).length === 0;
  const apply = () => {
    onApply(values);
    setInputs(EMPTY);
    setAskedFor(null);
  };
  const onApplyClick = () => {
    if (pageRows !== null && pageRows > 1) setAskedFor(target);
    else apply();
  };

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
        <Button size="xs" disabled={empty || asking} onClick={onApplyClick}>
          Apply
        </Button>
      </Group>
      {asking && (
        <Group gap="xs" mt="xs" role="group" aria-label="Confirm apply to the page">
          <Text size="sm" fw={500}>
            {`Apply to all ${pageRows} rows on this page?`}
          </Text>
          <Button size="xs" color="orange" onClick={apply} ref={confirmRef}>
            {`Apply to all ${pageRows} rows`}
          </Button>
          <Button size="xs" variant="default" onClick={() => setAskedFor(null)}>
            Cancel
          </Button>
        </Group>
      )}
    </Paper>
  );
}
