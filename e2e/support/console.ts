import type { Page } from '@playwright/test';

/**
 * Everything a page logs as an error in the browser console from now on: console.error calls (React
 * warnings included), uncaught exceptions (`pageerror`) and, in Chromium, every request answered 4xx/5xx
 * ("Failed to load resource: the server responded with a status of 401"). Read `errors` whenever needed;
 * `clear()` starts a new collection.
 */
export function collectConsoleErrors(page: Page): { readonly errors: string[]; clear(): void } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    errors,
    clear: () => void errors.splice(0, errors.length),
  };
}
