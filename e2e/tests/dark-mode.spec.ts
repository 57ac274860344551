import { expect, test, type Locator } from '@playwright/test';
import { signInAsAdmin } from '../support/auth';
import { COLOR_SCHEME_KEY } from '../support/screens';
import { css, hue, rgb } from '../support/ui';

/**
 * Dark mode (issue 12): Mantine's colour scheme, switched from the header, remembered in this browser,
 * light until the user picks. The spec's yellow header stays yellow with dark text in both schemes.
 */

/** Relative luminance (WCAG) of an rgb() colour: 0 black, 1 white. */
function luminance(value: string): number {
  const [r, g, b] = rgb(value).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function expectYellowHeaderWithDarkText(header: Locator) {
  const background = await css(header, 'background-color');
  const h = hue(background);
  expect(h, `header background ${background} is yellow`).toBeGreaterThanOrEqual(35);
  expect(h).toBeLessThanOrEqual(60);
  expect(rgb(background)[0]).toBeGreaterThan(200);
  expect(luminance(await css(header, 'color')), 'header text is dark').toBeLessThan(0.05);
}

test('the header switches to the dark scheme and back, and the browser remembers the choice', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const html = page.locator('html');
  const header = page.locator('header').first();
  const main = page.locator('main').first();
  // Light until the user picks.
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(luminance(await css(main, 'background-color'))).toBeGreaterThan(0.8);

  const toDark = header.getByRole('button', { name: 'Switch to dark mode' });
  await expect(toDark).toBeVisible();
  await toDark.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const toLight = header.getByRole('button', { name: 'Switch to light mode' });
  await expect(toLight).toBeVisible();
  await expectYellowHeaderWithDarkText(header);
  expect(luminance(await css(main, 'background-color')), 'the page is dark').toBeLessThan(0.05);
  const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  expect(luminance(await css(heading, 'color')), 'the heading is light').toBeGreaterThan(0.5);

  // Remembered across a reload, and on the sign-in pages of this browser.
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(header.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_KEY)).toBe('dark');
  const signedOut = await page.context().newPage();
  try {
    await signedOut.context().clearCookies();
    await signedOut.goto('/login');
    const title = signedOut.getByRole('heading', { name: 'Log in to your account' });
    await expect(title).toBeVisible();
    await expect(signedOut.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(luminance(await css(title, 'color')), 'the login heading is light on dark').toBeGreaterThan(0.5);
  } finally {
    await signedOut.close();
  }

  // Back to light (signed in again: the cookies were cleared above).
  await signInAsAdmin(page);
  await page.locator('header').getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectYellowHeaderWithDarkText(header);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.locator('header').getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
});

test('the switch is a named button reachable with the keyboard', async ({ page }) => {
  await signInAsAdmin(page);
  const toggle = page.getByRole('button', { name: 'Switch to dark mode' });
  await toggle.focus();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
