import { memo, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import dayjs from 'dayjs';
import { CloseButton, CloseIcon, Input, rem, UnstyledButton } from '@mantine/core';
import { DateTimePicker, PickerInputBase } from '@mantine/dates';
// Only the screens with a date input download the date picker's stylesheet (not the sign-in pages).
import '@mantine/dates/styles.css';
import { IconCalendarTime } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { clampPostingDate, isPostingDateValid, parseServerDate } from './posting-date';
import { closedDayTitles, postingPeriodsQueryOptions } from './posting-periods';
import { useNoRateTitles } from './rate-days';

export type PostingDateInputProps = {
  value: Date | null;
  onChange: (value: Date | null) => void;
  /**
   * The earliest posting date, 'yyyy-MM-dd HH:mm:ss': the row's document date, or a later bound (a second
   * journal's first journal posting day).
   */
  documentDate: string;
  'aria-label': string;
  disabled?: boolean;
  /**
   * The record's currency when it has one (ISO 4217): the open picker disables the days SAP has no rate for
   * (issue 25). Null or absent: the company's local currency, no rates asked.
   */
  currency?: string | null;
};

const VALUE_FORMAT = 'DD MMM YYYY HH:mm';
const PLACEHOLDER = 'Pick date and time';
const OUT_OF_RANGE = 'The posting date must be between the document date and now.';
const WIDTH = 176;
const icon = <IconCalendarTime size={14} aria-hidden />;

const clearLabel = (ariaLabel: string) => `Clear ${ariaLabel.charAt(0).toLowerCase()}${ariaLabel.slice(1)}`;

/**
 * A table cell's posting date and time: between the row's document date and now (docs/spec/product-spec.md sections 5 and 9),
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

/*
 * The look-alike is the markup, classes and CSS variables Mantine's
 * `<Input component="button" size="xs" multiline leftSection rightSection={<CloseButton size="sm" />}>` gives
 * (posting-date-input.test.tsx holds them equal), written out as plain elements: Mantine's Input, its
 * sections and the CloseButton resolve props and styles per element, and a search keystroke can mount 100 of
 * these at once.
 */
const WRAPPER_CLASS = `${Input.classes.wrapper} mantine-Input-wrapper`;
const WRAPPER_STYLE = {
  '--input-height': 'var(--input-height-xs)',
  '--input-fz': 'var(--mantine-font-size-xs)',
  '--input-padding-y': 'var(--input-padding-y-xs)',
  '--input-left-section-pointer-events': 'none',
  '--input-right-section-pointer-events': 'all',
  width: rem(WIDTH),
} as CSSProperties;
const SECTION_CLASS = `${Input.classes.section} mantine-Input-section`;
const INPUT_CLASS = `${PickerInputBase.classes.input} ${Input.classes.input} mantine-Input-input`;
const PLACEHOLDER_CLASS = `${Input.classes.placeholder} mantine-InputPlaceholder-placeholder`;
const CLOSE_CLASS = `mantine-focus-auto mantine-active ${CloseButton.classes['root--subtle']} ${CloseButton.classes.root} mantine-CloseButton-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const CLOSE_STYLE = { '--cb-size': 'var(--cb-size-sm)' } as CSSProperties;
const leftSection = (
  <div data-position="left" className={SECTION_CLASS}>
    {icon}
  </div>
);
const placeholder = <span className={PLACEHOLDER_CLASS}>{PLACEHOLDER}</span>;

function PostingDateButton({
  value,
  onChange,
  disabled,
  invalid,
  onActivate,
  'aria-label': ariaLabel,
}: Variant & { onActivate: () => void }) {
  const clearable = value !== null && !disabled;
  return (
    <div
      className={WRAPPER_CLASS}
      style={WRAPPER_STYLE}
      data-variant="default"
      data-size="xs"
      data-error={invalid || undefined}
      data-disabled={disabled || undefined}
      data-multiline
      data-with-right-section={clearable || undefined}
      data-with-left-section
    >
      {leftSection}
      <button
        type="button"
        className={INPUT_CLASS}
        data-variant="default"
        data-error={invalid || undefined}
        data-disabled={disabled || undefined}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-haspopup="dialog"
        title={invalid ? OUT_OF_RANGE : undefined}
        onClick={onActivate}
      >
        {value ? dayjs(value).format(VALUE_FORMAT) : placeholder}
      </button>
      {clearable && (
        <div data-position="right" className={SECTION_CLASS}>
          <button
            type="button"
            className={CLOSE_CLASS}
            style={CLOSE_STYLE}
            data-variant="subtle"
            data-size="sm"
            aria-label={clearLabel(ariaLabel)}
            onClick={() => onChange(null)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}

function PostingDatePicker({
  value,
  onChange,
  documentDate,
  disabled,
  invalid,
  currency,
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
  // Days in SAP periods that are locked or closing take no posting: disabled, with the reason as their title.
  // Read again whenever the user comes back to the screen (issue 26, item 7): a period locked in SAP meanwhile
  // stops being offered without a reload. A refusal for a locked period reads them again too (post-records.ts).
  const { data: periods } = useQuery({ ...postingPeriodsQueryOptions, refetchOnWindowFocus: 'always' });
  const closedTitle = useMemo(() => closedDayTitles(periods), [periods]);
  // A record in a foreign currency: the days SAP has no exchange rate for take no posting either.
  const noRateTitle = useNoRateTitles(currency, documentDate);
  const titleOf = (day: string) => closedTitle(day) ?? noRateTitle(day);
  // While the picker is open it holds what is being chosen (`editing`), as a plain time field would: a digit
  // typed into the hours is kept as typed, even when the time it makes for a moment lies outside the range
  // (the '1' of '10' on the document's own day). Pulling each keystroke into range, as onChange once did,
  // turned '1000' into the document's time (issue 26, item 5). The row's draft gets the value when the picker
  // closes, pulled into range then, so a time typed past now still leaves a selected row selected (issue 12,
  // defect 3). The clear button (picker closed) changes the draft at once.
  const [editing, setEditing] = useState<{ value: Date | null } | null>(null);
  const pending = useRef<{ value: Date | null } | null>(null);
  const clamp = (next: Date | null) =>
    next ? clampPostingDate(dayjs(next).toDate(), documentDate, new Date()) : null;
  const commit = () => {
    const chosen = pending.current;
    pending.current = null;
    setEditing(null);
    if (!chosen) return;
    const next = clamp(chosen.value);
    if ((next?.getTime() ?? null) !== (value?.getTime() ?? null)) onChange(next);
  };
  return (
    <DateTimePicker
      ref={ref}
      id={id}
      size="xs"
      w={WIDTH}
      value={editing ? editing.value : value}
      onChange={(next) => {
        const date = next ? dayjs(next).toDate() : null;
        if (pending.current) {
          pending.current = { value: date };
          setEditing(pending.current);
        } else onChange(clamp(date));
      }}
      onDropdownClose={commit}
      minDate={parseServerDate(documentDate) ?? undefined}
      maxDate={now}
      excludeDate={(day) => titleOf(day) !== null}
      getDayProps={(day) => {
        const title = titleOf(day);
        return title ? { title } : {};
      }}
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
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
      previousLabel="Previous month"
      nextLabel="Next month"
      hideOutsideDates
      popoverProps={{
        id,
        withinPortal: true,
        position: 'bottom-start',
        shadow: 'md',
        // The day, time and Confirm are chosen in the dropdown: once it closes the focus is back on this
        // control (Mantine leaves it on the page otherwise, and the next Tab starts from the top; issue 26,
        // item 4).
        returnFocus: true,
        onOpen: () => {
          pending.current = { value };
          setEditing(pending.current);
        },
      }}
    />
  );
}
