import type { ChangeEvent, CSSProperties } from 'react';
import { Checkbox, useMantineTheme, type CheckboxProps, type MantineTheme } from '@mantine/core';

export type RowCheckboxProps = {
  'aria-label': string;
  checked: boolean;
  disabled?: boolean;
  /** The row's id, on the input as data-row-id (a test or script finds a row's box by it). */
  rowId?: string;
  /** Why the box is disabled: its tooltip (title) and accessible description. */
  hint?: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** The props every row checkbox shares; the root's CSS variables follow from them and the theme. */
const SHARED: CheckboxProps = { size: 'xs', radius: 'sm', variant: 'filled' };

const rootStyles = new WeakMap<MantineTheme, CSSProperties>();

/** Mantine's CSS variables of a `SHARED` checkbox's root, computed once per theme. */
function rootStyle(theme: MantineTheme): CSSProperties {
  let style = rootStyles.get(theme);
  if (!style) {
    const vars = Checkbox.varsResolver(theme, SHARED, {}).root ?? {};
    style = {
      ...Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined)),
      // What Mantine's InlineInput adds for the size (label font size and line height).
      '--label-fz': 'var(--mantine-font-size-xs)',
      '--label-lh': 'var(--label-lh-xs)',
    } as CSSProperties;
    rootStyles.set(theme, style);
  }
  return style;
}

const classes = Checkbox.classes;
// Checkbox.classes.root is InlineInput's; the checkbox's own root class (its size variables) is this one.
const ROOT_CLASS = `m_bf2d988c mantine-Checkbox-root ${classes.root}`;
const BODY_CLASS = `${classes.body} mantine-Checkbox-body`;
const INNER_CLASS = `${classes.inner} mantine-Checkbox-inner`;
const INPUT_CLASS = `mantine-focus-auto ${classes.input} mantine-Checkbox-input`;
const LABEL_WRAPPER_CLASS = `${classes.labelWrapper} mantine-Checkbox-labelWrapper`;

// One element for every checkbox: React can share it.
const checkIcon = (
  <svg
    viewBox="0 0 10 7"
    fill="none"
    xmlns="http://www.w3.org/2000/svg"
    aria-hidden
    className={`${classes.icon} mantine-Checkbox-icon`}
  >
    <path
      d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * A row's selection checkbox: the markup, classes and CSS variables of Mantine's
 * `<Checkbox size="xs" />` (row-checkbox.test.tsx holds them equal) in one component instead of Mantine's
 * seven (Box, InlineInput, icons...), since a page renders 100 of them at each search keystroke.
 */
export function RowCheckbox({
  checked,
  disabled,
  hint,
  rowId,
  onChange,
  'aria-label': ariaLabel,
}: RowCheckboxProps) {
  const theme = useMantineTheme();
  return (
    <div
      className={ROOT_CLASS}
      style={rootStyle(theme)}
      data-checked={checked || undefined}
      data-variant="filled"
      data-size="xs"
      data-label-position="right"
      title={hint}
    >
      <div className={BODY_CLASS}>
        <div className={INNER_CLASS} data-label-position="right">
          <input
            className={INPUT_CLASS}
            data-with-error-styles
            aria-label={ariaLabel}
            data-row-id={rowId}
            title={hint}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={onChange}
          />
          {checkIcon}
        </div>
        <div className={LABEL_WRAPPER_CLASS} data-disabled={disabled || undefined} />
      </div>
    </div>
  );
}
