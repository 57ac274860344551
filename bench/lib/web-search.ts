import type { Browser } from 'playwright-core';
import type { User } from '@ff/contract';
import { loadSample, median, round } from './common.js';
import { VIEWPORT, type StorageState } from './browser.js';

/**
 * bench:web (b), client-side search: 10,000 users in the Users screen's DataTable (the shared table's global
 * search box, which the Users and Roles lists use; the posting lists search on the server since issue 13).
 * `GET /api/v1/users` is stubbed with page.route, the sign-in is real; from a keystroke in the search box to
 * the table's first row changing. The list keeps its search in the URL (lib/url-state.ts): the table follows
 * the keystroke at once and the URL 300 ms later, so each keystroke waits for the previous one's URL write.
 */

const SEARCH_ROWS = 10_000;
const KEYSTROKES = 20;
/** The Users table's accessible name (features/users/components/users-page.tsx `tableLabel`). */
const TABLE = 'table[aria-label="Users"]';

// In-page scripts are plain strings: tsx's esbuild would wrap named functions in a __name() helper that
// does not exist in the page.
/**
 * Arms one keystroke measurement: the next keydown's timestamp, then the first DOM mutation of the table
 * after which its first row reads differently (`dom`), and the frame after that (`frame`), in ms from the key.
 */
const ARM_KEYSTROKE_PROBE = `(() => {
  const table = document.querySelector('${TABLE}');
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

/**
 * Resolves true once the URL's \`q\` holds the search box's text (the debounced write has landed), checking
 * every animation frame; false after 20 s. (A promise from evaluate: the app's CSP forbids waitForFunction.)
 */
const URL_HOLDS_SEARCH = `new Promise((resolve) => {
  const box = document.querySelector('input[aria-label="Search records"]');
  const timer = setTimeout(() => resolve(false), 20000);
  const check = () => {
    if ((new URLSearchParams(location.search).get('q') || '') === box.value) {
      clearTimeout(timer);
      resolve(true);
    } else requestAnimationFrame(check);
  };
  check();
})`;

const FIRST =
  'Jane John Mary Peter Grace David Faith Brian Mercy Kevin Esther Dennis Joyce Samuel Ann Collins'.split(
    ' ',
  );
const LAST =
  'Wanjiru Otieno Kamau Mwangi Achieng Kiprop Njeri Odhiambo Mutua Chebet Ouma Wambui Kariuki Nyambura Kimani Atieno'.split(
    ' ',
  );
const ROLES = 'Administrator,Finance Officer,Accountant,Operations Clerk,Auditor,Posting Clerk'.split(',');
const CREATORS = 'System,Administrator,Jane Wanjiru,Peter Kamau'.split(',');

/**
 * 10,000 users shaped as `GET /api/v1/users` answers them (packages/contract users.ts `user`; newest first, as
 * the server orders them), from a fixed-seed generator.
 */
function userRows(): User[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const start = Date.UTC(2026, 10, 20, 9, 0, 0);
  return Array.from({ length: SEARCH_ROWS }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    // A wall-clock time as the server writes it (`yyyy-MM-dd HH:mm:ss`, the application's time zone).
    const createdAt = new Date(start - i * 3_517_000 - Math.floor(next() * 3_000_000))
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    const email = `${first}.${last}${SEARCH_ROWS - i}@example.com`.toLowerCase();
    const mobileNo = `+2547${String(Math.floor(next() * 1e8)).padStart(8, '0')}`;
    const role = pick(ROLES);
    return {
      id: SEARCH_ROWS - i + 1,
      name: `${first} ${last}`,
      email,
      mobileNo,
      role,
      roleName: role,
      createdAt,
      createdBy: pick(CREATORS),
      isActive: next() > 0.1,
      invitationPending: next() < 0.05,
    };
  });
}

/** The searchable cells of a row as the table reads them (features/users/components/users-columns.tsx). */
const searchText = (u: User) =>
  [u.name, u.email, u.mobileNo, u.role, u.createdAt, u.createdBy].join('\u0000').toLowerCase();

/** Median (and spread) of KEYSTROKES typed characters and of the Backspaces that undo them; goal under 50 ms. */
export async function measureSearch(browser: Browser, baseURL: string, storageState: StorageState) {
  const rows = userRows();
  const body = JSON.stringify({ data: rows });
  // Characters absent from the first row (so its text must change) and present in many other rows.
  const first = searchText(rows[0]!);
  const texts = rows.map(searchText);
  const candidates = [...'abcdefghijklmnopqrstuvwxyz0123456789']
    .filter((c) => !first.includes(c))
    .map((c) => ({ c, share: texts.filter((t) => t.includes(c)).length / rows.length }))
    .filter((x) => x.share >= 0.05)
    .sort((a, b) => b.share - a.share);
  if (!candidates.length) throw new Error('No search character leaves the first row out.');

  const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORT });
  // The stub's rows have the real answer's fields and types (the seeded administrator, unstubbed).
  const real = await context.request.get('/api/v1/users');
  if (!real.ok()) throw new Error(`GET /api/v1/users answered ${real.status()}`);
  const realAnswer = (await real.json()) as { data: Record<string, unknown>[] };
  const shape = (row: Record<string, unknown>) =>
    Object.keys(row)
      .sort()
      .map((key) => `${key}:${typeof row[key]}`)
      .join(',');
  if (Object.keys(realAnswer).join() !== 'data' || shape(realAnswer.data[0]!) !== shape(rows[0]!))
    throw new Error(
      `The stub's users differ from the real answer: ${shape(realAnswer.data[0] ?? {})} vs ${shape(rows[0]!)}`,
    );

  const page = await context.newPage();
  // Only the list itself (any query string: the date filter); /api/v1/users/{id}/... go to the server.
  await page.route(
    (url) => url.pathname === '/api/v1/users',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'application/json', body })
        : route.continue(),
  );
  await page.goto('/users');
  const table = page.locator(TABLE);
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
      // The URL write 300 ms after the key, and its render, before the next key.
      if (!(await page.evaluate(URL_HOLDS_SEARCH)))
        throw new Error(`The URL did not follow ${key} within 20 s`);
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
    screen: '/users',
    rows: SEARCH_ROWS,
    load,
    characters: used,
    typed: summary(typed, typedFrame),
    backspace: summary(backspace, backspaceFrame),
    goalMs: 50,
  };
}
