import { expect, type Page } from '@playwright/test';

/**
 * Records the text of every toast from page load on, so a test can check a toast even when a busy machine
 * looks later than its 4 s on screen. Register before the page loads (page.addInitScript).
 */
export function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver(() => {
    document.querySelectorAll('.mantine-Notification-root').forEach((toast) => {
      // The text, then the inline style that names the colour (e.g. --mantine-color-yellow-filled).
      const text = `${toast.textContent ?? ''} ${toast.getAttribute('style') ?? ''}`;
      if (!seen.includes(text)) seen.push(text);
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until `recordToasts` has seen a toast holding every one of `parts` (title, message, colour). */
export async function expectToastShown(page: Page, ...parts: string[]) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((text) =>
              wanted.every((part) => text.includes(part)),
            ),
          parts,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}
