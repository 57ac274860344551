import type { Browser } from 'playwright-core';
import { generateDemoSet } from '../../apps/server/src/modules/demo-data/demo-data.service.js';
import { loadSample, median, round } from './common.js';
import { TIME_ZONE } from './database.js';
import { VIEWPORT, type StorageState } from './browser.js';

/**
 * bench:web (b), search: 10,000 sales invoices in the list's DataTable (the list API stubbed with page.route,
 * the sign-in real); from a keystroke in the search box to the first row's text changing.
 */

const SEARCH_ROWS = 10_000;
const KEYSTROKES = 20;

// In-page scripts are plain strings: tsx's esbuild would wrap named functions in a __name() helper that
// does not exist in the page.
/**
 * Arms one keystroke measurement: the next keydown's timestamp, then the first DOM mutation of the table
 * after which its first row reads differently (`dom`), and the frame after that (`frame`), in ms from the key.
 */
const ARM_KEYSTROKE_PROBE = `(() => {
  const table = document.querySelector('table[aria-label="Sales invoices"]');
  const firstRow = () => (table.querySelector('tbody tr') || {}).textContent || '';
  const before = firstRow();
  let keyAt = NaN;
  window.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, { capture: true, once: true });
  window.__bench = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (firstRow() === before) return;
      const domAt = performance.now();
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve({ dom: domAt - keyAt, frame: performance.now() - keyAt }), 0));
    });
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 20000);
    observer.observe(table, { childList: true, subtree: true, characterData: true });
  });
})()`;

/** 10,000 sales invoice rows shaped as GET /api/v1/journalSaleInvoice answers them (demo generator, seed 7). */
function salesInvoiceRows() {
  const set = generateDemoSet({ count: SEARCH_ROWS, seed: 7 }, TIME_ZONE);
  return set['sales-invoices'].map((r, i) => ({
    id: i + 1,
    clientName: r.clientName,
    cargoRef: r.cargoRef ?? null,
    clientRef: r.clientRef ?? null,
    tripNumber: r.tripNumber,
    containerNumber: r.containerNumber ?? null,
    containerSize: r.containerSize ?? null,
    containerWeight: r.containerWeight ?? null,
    truckNumber: r.truckNumber ?? null,
    route: r.route ?? null,
    documentDate: String(r.documentDate).slice(0, 19).replace('T', ' '),
    postingDate: null,
    amount: r.amount ?? null,
    status: 'unposted' as const,
    lastError: null,
  }));
}

/** Median (and spread) of KEYSTROKES typed characters and of the Backspaces that undo them; goal under 50 ms. */
export async function measureSearch(browser: Browser, baseURL: string, storageState: StorageState) {
  const rows = salesInvoiceRows();
  const body = JSON.stringify({ data: rows });
  // Characters absent from the first row (so its text must change) and present in many other rows.
  const text = (r: (typeof rows)[number]) =>
    Object.values(r)
      .filter((v) => v !== null)
      .join(' ')
      .toLowerCase();
  const first = text(rows[0]!);
  const candidates = [...'abcdefghijklmnopqrstuvwxyz0123456789']
    .filter((c) => !first.includes(c))
    .map((c) => ({ c, share: rows.filter((r) => text(r).includes(c)).length / rows.length }))
    .filter((x) => x.share >= 0.05)
    .sort((a, b) => b.share - a.share);
  if (!candidates.length) throw new Error('No search character leaves the first row out.');

  const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORT });
  const page = await context.newPage();
  await page.route('**/api/v1/journalSaleInvoice**', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body })
      : route.continue(),
  );
  await page.goto('/invoices/sales');
  const table = page.locator('table[aria-label="Sales invoices"]');
  await table.locator('tbody tr').first().waitFor({ timeout: 60_000 });
  await page
    .getByText(/10,000/)
    .first()
    .waitFor({ timeout: 60_000 });
  const box = page.getByRole('textbox', { name: 'Search records' });
  await box.click();

  const load = loadSample();
  const typed: number[] = [];
  const typedFrame: number[] = [];
  const backspace: number[] = [];
  const backspaceFrame: number[] = [];
  const used: { char: string; share: number }[] = [];
  for (let i = 0; i < KEYSTROKES; i += 1) {
    const pick = candidates[i % candidates.length]!;
    used.push({ char: pick.c, share: round(pick.share, 2) });
    for (const [key, into, frames] of [
      [pick.c, typed, typedFrame],
      ['Backspace', backspace, backspaceFrame],
    ] as const) {
      await page.evaluate(ARM_KEYSTROKE_PROBE);
      await page.keyboard.press(key);
      const sample =
        ((await page.evaluate('window.__bench')) as { dom: number; frame: number } | null) ?? undefined;
      if (!sample) throw new Error(`Pressing ${key} did not change the first row within 20 s`);
      into.push(sample.dom);
      frames.push(sample.frame);
      await page.waitForTimeout(150);
    }
  }
  await context.close();
  const summary = (values: number[], frames: number[]) => ({
    medianMs: round(median(values)),
    minMs: round(Math.min(...values)),
    maxMs: round(Math.max(...values)),
    medianToNextFrameMs: round(median(frames)),
    samples: values.map((v) => round(v)),
  });
  return {
    rows: SEARCH_ROWS,
    load,
    characters: used,
    typed: summary(typed, typedFrame),
    backspace: summary(backspace, backspaceFrame),
    goalMs: 50,
  };
}
