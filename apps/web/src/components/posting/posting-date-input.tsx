import { memo, useEffect, useId, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { CloseButton, Input } from '@mantine/core';
import { DateTimePicker, PickerInputBase } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import { isPostingDateValid, parseServerDate } from './posting-date';

export type PostingDateInputProps = {
  value: Date | null;
  onChange: (value: Date | null) => void;
  /** The row's document date 'yyyy-MM-dd HH:mm:ss': the earliest posting date. */
  documentDate: string;
  'aria-label': string;
  disabled?: boolean;
};

const VALUE_FORMAT = 'DD MMM YYYY HH:mm';
const PLACEHOLDER = 'Pick date and time';
const OUT_OF_RANGE = 'The posting date must be between the document date and now.';
const WIDTH = 176;
const icon = <IconCalendarTime size={14} aria-hidden />;

const clearLabel = (ariaLabel: string) => `Clear ${ariaLabel.charAt(0).toLowerCase()}${ariaLabel.slice(1)}`;

/**
 * A table cell's posting date and time: between the row's document date and now (spec sections 5 and 9),
 * clearable. Days outside the range are disabled in the calendar and a time outside it is pulled back in
 * when the picker closes; a value out of range (a stale stored date) shows as an error.
 *
 * A page holds 100 of these, and Mantine's DateTimePicker doubles the cost of rendering a page of rows. So
 * each cell first renders a look-alike button (same label, value and clear button); the first click or key
 * press swaps in the real picker, already open.
 */
export const PostingDateInput = memo(function PostingDateInput(props: PostingDateInputProps) {
  const [active, setActive] = useState(false);
  const invalid = props.value !== null && !isPostingDateValid(props.value, props.documentDate);
  return active ? (
    <PostingDatePicker {...props} invalid={invalid} />
  ) : (
    <PostingDateButton {...props} invalid={invalid} onActivate={() => setActive(true)} />
  );
});

type Variant = PostingDateInputProps & { invalid: boolean };

function PostingDateButton({
  value,
  onChange,
  disabled,
  invalid,
  onActivate,
  'aria-label': ariaLabel,
}: Variant & { onActivate: () => void }) {
  return (
    <Input
      component="button"
      type="button"
      size="xs"
      w={WIDTH}
      multiline
      disabled={disabled}
      error={invalid}
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      aria-haspopup="dialog"
      title={invalid ? OUT_OF_RANGE : undefined}
      classNames={{ input: PickerInputBase.classes.input }}
      leftSection={icon}
      rightSectionPointerEvents="all"
      rightSection={
        value && !disabled ? (
          <CloseButton size="sm" aria-label={clearLabel(ariaLabel)} onClick={() => onChange(null)} />
        ) : null
      }
      onClick={onActivate}
    >
      {value ? dayjs(value).format(VALUE_FORMAT) : <Input.Placeholder>{PLACEHOLDER}</Input.Placeholder>}
    </Input>
  );
}

function PostingDatePicker({
  value,
  onChange,
  documentDate,
  disabled,
  invalid,
  'aria-label': ariaLabel,
}: Variant) {
  const ref = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // The dropdown (role dialog) is labelled by the button: the popover's id base must be the button's id.
  const id = useId();
  // Mounted by a click on the look-alike button: take the focus and open the calendar at once (once: the
  // click toggles, and StrictMode runs effects twice).
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    ref.current?.focus();
    ref.current?.click();
  }, []);
  // "Now" at each render: the picker re-renders when it opens, so the maximum follows the clock.
  const now = new Date();
  return (
    <DateTimePicker
      ref={ref}
      id={id}
      size="xs"
      w={WIDTH}
      value={value}
      onChange={(next) => onChange(next ? dayjs(next).toDate() : null)}
      minDate={parseServerDate(documentDate) ?? undefined}
      maxDate={now}
      valueFormat={VALUE_FORMAT}
      placeholder={PLACEHOLDER}
      clearable
      disabled={disabled}
      error={invalid}
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      title={invalid ? OUT_OF_RANGE : undefined}
      leftSection={icon}
      clearButtonProps={{ 'aria-label': clearLabel(ariaLabel) }}
      submitButtonProps={{ 'aria-label': 'Confirm posting date' }}
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      popoverProps={{ id, withinPortal: true, position: 'bottom-start', shadow: 'md' }}
    />
  );
}
