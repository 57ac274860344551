import {
  Anchor,
  createTheme,
  PasswordInput,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** Deep navy for the navigation panel and dark surfaces. */
const ink: MantineColorsTuple = [
  '#f1f4f9',
  '#dfe5ee',
  '#bcc8da',
  '#97a9c5',
  '#788fb3',
  '#647ea9',
  '#5976a5',
  '#486490',
  '#1f2d44',
  '#141e2f',
];

/**
 * Mantine's red with shades 5-9 darkened: its default shade 6 (#fa5252) reaches only 3.3:1 against white,
 * below WCAG AA's 4.5:1 for text, and shade 6 is what error messages, required asterisks, red buttons
 * (white text), red menu items and the calendar's weekend days use. Shade 6 is now #c92a2a (5.5:1).
 */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#f03e3e',
  '#c92a2a',
  '#b02525',
  '#9c1f1f',
  '#861b1b',
];

export const theme = createTheme({
  primaryColor: 'yellow',
  primaryShade: 6,
  // Yellow is light: let filled components pick dark text on it.
  autoContrast: true,
  luminanceThreshold: 0.45,
  colors: { ink, red },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Yellow text on white is unreadable: links use the navy ink (a light ink in the dark scheme).
    Anchor: Anchor.extend({ defaultProps: { c: 'var(--ff-color-link)', fw: 500 } }),
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
    // Show/hide password is a Tab stop like any button (issue 26: Mantine leaves it out of the tab order).
    PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleFocusable: true } }),
  },
});

/** The colour scheme is remembered in this browser (localStorage) under this key; light until the user picks. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'ff-color-scheme' });

/**
 * Text contrast (WCAG AA, 4.5:1). Light: Mantine's dimmed grey (#868e96) reaches 3.3:1 on white and 3.2:1
 * on the page's gray-0 background, its placeholder grey (#adb5bd) 2.1:1; both are darkened. Dark: its dimmed
 * dark-2 (#828282) reaches 4.0:1 on the dark-7 body and 3.6:1 on dark-6 cards and inputs, its placeholder
 * dark-3 2.5:1; both are lightened (#a6a6a6: 5.6:1 on dark-6). `--ff-color-link` is the links' colour (ink-7
 * on light, 6.3:1; ink-3 on dark, 6.2:1).
 *
 * Surfaces shared by screens, one name for both schemes (use them instead of gray-0 / yellow-0, which stay
 * light in the dark scheme): `--ff-color-subtle-bg` (table heads, hovered rows, panels), `--ff-color-selected-bg`
 * and `--ff-color-selected-hover-bg` (selected rows; the dark ones keep dark-0 text at 7:1),
 * `--ff-color-icon-muted` / `--ff-color-icon-strong` (sort arrows and the like), `--ff-color-border`, and
 * `--ff-color-yellow-light-text` (text on a `variant="light" color="yellow"` badge: Mantine's own yellow text
 * reads at 2.7:1 on the light one).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7280',
    '--ff-color-link': ink[7],
    '--ff-color-subtle-bg': 'var(--mantine-color-gray-0)',
    '--ff-color-selected-bg': 'var(--mantine-color-yellow-0)',
    '--ff-color-selected-hover-bg': 'var(--mantine-color-yellow-1)',
    '--ff-color-icon-muted': 'var(--mantine-color-gray-5)',
    '--ff-color-icon-strong': 'var(--mantine-color-dark-6)',
    '--ff-color-border': 'var(--mantine-color-gray-3)',
    '--ff-color-yellow-light-text': 'var(--mantine-color-dark-8)',
    // Text of yellow light/subtle components (a subtle button, a light badge): Mantine's yellow-9 (#e67700)
    // reads at 3.0:1 on white; a deep amber reads at 7.2:1 (6.8:1 on the light yellow background).
    '--mantine-color-yellow-light-color': '#8a4b00',
    // Green, orange and teal light badges (posting and reconciliation statuses): Mantine's 9 shades read at
    // 3.8, 3.6 and 4.3:1 on their light backgrounds; these deeper ones at 5.7, 5.8 and 6.0:1.
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-orange-light-color': '#a33508',
    '--mantine-color-teal-light-color': '#066649',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-placeholder': '#969696',
    '--ff-color-link': ink[3],
    '--ff-color-subtle-bg': 'var(--mantine-color-dark-6)',
    '--ff-color-selected-bg': '#3b3215',
    '--ff-color-selected-hover-bg': '#4a3f19',
    '--ff-color-icon-muted': 'var(--mantine-color-dark-2)',
    '--ff-color-icon-strong': 'var(--mantine-color-dark-0)',
    '--ff-color-border': 'var(--mantine-color-dark-4)',
    '--ff-color-yellow-light-text': 'var(--mantine-color-yellow-0)',
    // Red as text (field errors, red menu items, the calendar's weekend days) is the light red-4 on dark
    // surfaces (5.8:1 on dark-6); red fills (buttons, toasts' bars) keep the dark red under white text.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-red-6': red[4],
    '--mantine-color-red-filled': red[6],
    '--mantine-color-red-filled-hover': red[7],
  },
});
