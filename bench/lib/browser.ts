import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN } from './database.js';

/** The system Chromium bench:web drives (playwright-core), and what its pages share. */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
];

/** The window every measured page is opened in. */
export const VIEWPORT = { width: 1440, height: 900 };

/** A signed-in browser context's cookies, to open further contexts already signed in. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in as the bench's admin through the login form, and waits for the home page. */
export async function signInThroughForm(page: Page) {
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 60_000 });
}
