import { Anchor, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
    // Yellow text on white is unreadable: links use the navy ink instead of the primary colour.
    Anchor: Anchor.extend({ defaultProps: { c: 'ink.7', fw: 500 } }),
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
  },
});

/**
 * Text contrast (WCAG AA, 4.5:1): Mantine's dimmed grey (#868e96) reaches 3.3:1 on white and 3.2:1 on the
 * page's gray-0 background, its placeholder grey (#adb5bd) 2.1:1. Both are darkened; the light scheme only
 * (the app has no dark scheme).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7280',
  },
  dark: {},
});
