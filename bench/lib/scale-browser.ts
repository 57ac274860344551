import type { Browser } from 'playwright-core';
import { loadSample, median, round, type LoadSample } from './common.js';
import { VIEWPORT, type StorageState } from './browser.js';

/**
 * bench:scale (2a, 2b) in Chromium: a list screen's first rows after navigation, and a search typed into it
 * to the rows it finds (the server searches; the screen debounces what it sends).
 */

const RUNS = 5;

// In-page scripts are plain strings: tsx's esbuild would wrap named functions in a __name() helper that
// does not exist in the page (see web-dashboard.ts).
/** Resolves with the time since navigation start at which the table's first row shows a trip number. */
const FIRST_ROW_SHOWN = (table: string) => `new Promise((resolve) => {
  const check = () => {
    const row = document.querySelector('table[aria-label="${table}"] tbody tr');
    if (row && /TRP-/.test(row.textContent || '')) resolve(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/**
 * Arms one search measurement: keydown times, the list requests carrying `search=` (resource timing), and
 * the first DOM mutation after which the first row contains `term`. Answers, in ms: from the last key to the
 * rows (`total`), from the request's start (the end of the debounce) to the rows (`afterDebounce`), and
 * from the last key to the request (`debounce`).
 */
const ARM_SEARCH_PROBE = (table: string, term: string) => `(() => {
  const table = document.querySelector('table[aria-label="${table}"]');
  const term = ${JSON.stringify(term.toLowerCase())};
  const firstRow = () => ((table.querySelector('tbody tr') || {}).textContent || '').toLowerCase();
  let lastKey = NaN;
  const onKey = (e) => { lastKey = e.timeStamp; };
  window.addEventListener('keydown', onKey, { capture: true });
  window.__bench = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!firstRow().includes(term)) return;
      const at = performance.now();
      observer.disconnect();
      window.removeEventListener('keydown', onKey, { capture: true });
      clearTimeout(timer);
      const sent = performance.getEntriesByType('resource')
        .filter((r) => r.name.includes('search=') && r.startTime >= lastKey)
        .map((r) => r.startTime);
      const requestAt = sent.length ? Math.max(...sent) : NaN;
      resolve({ total: at - lastKey, afterDebounce: at - requestAt, debounce: requestAt - lastKey });
    });
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 30000);
    observer.observe(table, { childList: true, subtree: true, characterData: true });
  });
})()`;

/** Resolves once the first row no longer contains `term` (the search was cleared and the list came back). */
const ROWS_WITHOUT = (table: string, term: string) => `new Promise((resolve) => {
  const check = () => {
    const row = document.querySelector('table[aria-label="${table}"] tbody tr');
    const text = ((row || {}).textContent || '').toLowerCase();
    if (row && /trp-/.test(text) && !text.includes(${JSON.stringify(term.toLowerCase())})) resolve(true);
    else requestAnimationFrame(check);
  };
  check();
})`;

/** Notes the next click's time, so the rows after an in-app navigation are timed from the click. */
const ARM_CLICK = `(() => {
  window.__clickAt = NaN;
  window.addEventListener('click', (e) => { window.__clickAt = e.timeStamp; }, { capture: true, once: true });
})()`;

/** Resolves with the time from the armed click to the table's first row showing a trip number. */
const FIRST_ROW_AFTER_CLICK = (table: string) => `new Promise((resolve) => {
  const check = () => {
    const row = document.querySelector('table[aria-label="${table}"] tbody tr');
    if (row && /TRP-/.test(row.textContent || '')) resolve(performance.now() - window.__clickAt);
    else requestAnimationFrame(check);
  };
  check();
})`;

/** A list screen: its route and its table's accessible name. */
export type ListScreen = { path: string; table: string };

/**
 * Median time from navigation start to the first row on screen, over RUNS navigations after a warm-up one
 * (the server has run the query, the browser has the SPA's assets cached).
 */
export async function measureFirstRows(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  screen: ListScreen,
) {
  const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORT });
  const runs: { ms: number; listCalls: { url: string; bytes: number }[] }[] = [];
  let load: LoadSample | undefined;
  for (let i = 0; i <= RUNS; i += 1) {
    if (i === 1) load = loadSample();
    const page = await context.newPage();
    const listCalls: { url: string; bytes: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/v1/') || url.pathname === '/api/v1/user') return;
      const call = { url: `${url.pathname}${url.search}`, bytes: Number.NaN };
      listCalls.push(call);
      // Bytes on the wire once the answer is in (compressed, and streamed without a Content-Length).
      void response
        .request()
        .sizes()
        .then(
          (sizes) => (call.bytes = sizes.responseBodySize),
          () => undefined,
        );
    });
    await page.goto(screen.path, { waitUntil: 'commit' });
    const ms = (await Promise.race([
      page.evaluate(FIRST_ROW_SHOWN(screen.table)),
      page.waitForTimeout(120_000).then(() => Number.NaN),
    ])) as number;
    if (!Number.isFinite(ms)) throw new Error(`${screen.path} showed no row within 120 s`);
    await page.close();
    if (i > 0) runs.push({ ms: round(ms), listCalls });
  }
  await context.close();
  return { screen, load, medianMs: round(median(runs.map((r) => r.ms))), runs };
}

/**
 * Median time from a click on the screen's link in the main navigation (the dashboard open, the SPA loaded) to
 * its first row, over RUNS fresh pages (each with an empty query cache) after a warm-up one.
 */
export async function measureInAppNavigation(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  screen: ListScreen,
) {
  const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORT });
  const runs: number[] = [];
  let load: LoadSample | undefined;
  for (let i = 0; i <= RUNS; i += 1) {
    if (i === 1) load = loadSample();
    const page = await context.newPage();
    await page.goto('/');
    const link = page.locator(`nav[aria-label="Main navigation"] a[href="${screen.path}"]`);
    await link.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.evaluate(ARM_CLICK);
    await link.click();
    const ms = (await Promise.race([
      page.evaluate(FIRST_ROW_AFTER_CLICK(screen.table)),
      page.waitForTimeout(120_000).then(() => Number.NaN),
    ])) as number;
    if (!Number.isFinite(ms)) throw new Error(`${screen.path} showed no row within 120 s of the click`);
    await page.close();
    if (i > 0) runs.push(round(ms));
  }
  await context.close();
  return { screen, load, medianMs: round(median(runs)), runs };
}

/**
 * Each term typed into the screen's search box (20 ms between keys, all within the debounce), then cleared;
 * the medians of the probe's three figures. The terms must not appear in the unsearched first row.
 */
export async function measureSearch(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  screen: ListScreen,
  terms: readonly string[],
) {
  const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(screen.path, { waitUntil: 'commit' });
  await page.evaluate(FIRST_ROW_SHOWN(screen.table));
  const box = page.getByRole('textbox', { name: 'Search records' });
  await box.click();
  const load = loadSample();
  const samples: { term: string; total: number; afterDebounce: number; debounce: number }[] = [];
  for (const term of terms) {
    await page.evaluate(ARM_SEARCH_PROBE(screen.table, term));
    await page.keyboard.type(term, { delay: 20 });
    const sample = (await page.evaluate('window.__bench')) as Omit<(typeof samples)[number], 'term'> | null;
    if (!sample) throw new Error(`Searching ${term} did not show a matching first row within 30 s`);
    samples.push({
      term,
      total: round(sample.total),
      afterDebounce: round(sample.afterDebounce),
      debounce: round(sample.debounce),
    });
    await box.fill('');
    await page.evaluate(ROWS_WITHOUT(screen.table, term));
    await page.waitForTimeout(300);
  }
  await context.close();
  const med = (pick: (s: (typeof samples)[number]) => number) => round(median(samples.map(pick)));
  return {
    screen,
    load,
    totalMedianMs: med((s) => s.total),
    afterDebounceMedianMs: med((s) => s.afterDebounce),
    afterDebounceMaxMs: round(Math.max(...samples.map((s) => s.afterDebounce))),
    debounceMedianMs: med((s) => s.debounce),
    samples,
  };
}
