import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentsByKey,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { rowFailureOf } from '../../test/record-names.js';
import { PATHS } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { NOT_SENT } from './database-away-messages.js';

/**
 * A post request claims its rows in parts (posting-claims.ts `claimInParts`): two rounds of SAP calls first, then
 * twice as many rows each time, so its first rows go to SAP while the rest are still being claimed. A second
 * connection holds the lock of the request's last row, so its last part cannot be claimed until the test lets
 * go: meanwhile the first part must reach SAP. PostgreSQL only: PGlite runs one transaction at a time.
 */
const CONCURRENCY = 4;
const FIRST_PART = 2 * CONCURRENCY;
const ROWS = 20;

let h: PostingHarness;
let admin: TestClient;
let blocker: pg.Client;
let blockerPid: number;
let pettyCash: number;
const today = nairobiDay();

beforeAll(async () => {
  h = await startPostingHarness({ env: { POSTING_CONCURRENCY: String(CONCURRENCY) } });
  admin = await h.signInAsAdmin();
  pettyCash = await ledgerId(h, '110101');
  blocker = new pg.Client({ connectionString: h.database.url });
  await blocker.connect();
  blockerPid = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
}, 120_000);
afterAll(async () => {
  await blocker?.query('ROLLBACK').catch(() => undefined);
  await blocker?.end();
  await h?.close();
});

const post = (ids: number[]) =>
  admin.post(PATHS.cash, {
    postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate: today })),
  });

/** The sessions of the test database waiting on a lock (not the blocker's own). */
async function waitingPids(): Promise<number[]> {
  // The blocker is inside its transaction, where PostgreSQL keeps the first read of pg_stat_activity for the whole
  // transaction (stats_fetch_consistency): without clearing it, a session that connected later is never seen.
  await blocker.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await blocker.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> $1 AND cardinality(pg_blocking_pids(pid)) > 0`,
    [blockerPid],
  );
  return rows.map((r) => r.pid);
}

async function until(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Imports the rows and holds the lock of the last one in the blocker's open transaction. */
async function rowsWithLastLocked() {
  const ids = await importRecords(
    h,
    'cash',
    Array.from({ length: ROWS }, () => recordRows.cash()),
  );
  await blocker.query('BEGIN');
  await blocker.query('SELECT id FROM cash_advances WHERE id = $1 FOR UPDATE', [ids.at(-1)]);
  return ids;
}

/** Resolves once SAP holds a document for each of these rows. */
async function untilInSap(ids: number[]) {
  await until(`the first ${ids.length} rows in SAP`, async () => {
    const inSap = await documentsByKey(h.sim);
    return ids.every((id) => inSap.has(keyOf('CA', id)));
  });
}

describe('a post request larger than two rounds of SAP calls', () => {
  it('sends its first rows to SAP while its last row is still waiting to be claimed, and posts every row once', async () => {
    const ids = await rowsWithLastLocked();
    const answer = post(ids);
    await until('the request to wait for the locked row', async () => (await waitingPids()).length > 0);
    await untilInSap(ids.slice(0, FIRST_PART));
    await blocker.query('COMMIT');

    const { status, body, text } = await answer;
    expect(status, text).toBe(200);
    expect(body.posted.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    const inSap = await documentsByKey(h.sim);
    for (const id of ids) expect(inSap.get(keyOf('CA', id)), `cash advance ${id}`).toHaveLength(1);
  }, 90_000);

  it('when the database drops a later part, posts the rows claimed before and refuses the rest as not sent', async () => {
    const ids = await rowsWithLastLocked();
    const answer = post(ids);
    let waiting: number[] = [];
    await until('the request to wait for the locked row', async () => {
      waiting = await waitingPids();
      return waiting.length > 0;
    });
    await untilInSap(ids.slice(0, FIRST_PART));
    // The connection of the waiting claim is cut, as a database restart or a network fault would.
    for (const pid of waiting) await blocker.query('SELECT pg_terminate_backend($1)', [pid]);
    await blocker.query('COMMIT');

    const { status, body, text } = await answer;
    expect(status, text).toBe(422);
    const [sent, rest] = [ids.slice(0, FIRST_PART), ids.slice(FIRST_PART)];
    expect(body.posted.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(sent);
    // Each named by its trip number, as every refusal is.
    expect(body.failed).toEqual(
      await Promise.all(rest.map(async (id) => rowFailureOf(h, 'cashAdvance', id, NOT_SENT))),
    );
    expect(body.message).toMatch(
      new RegExp(`^${rest.length} of ${ids.length} .* could not be posted; 8 posted\\.`),
    );
    // Nothing of the rest reached SAP or stayed claimed: they are posted by the next request, once each.
    const inSap = await documentsByKey(h.sim);
    for (const id of rest) expect(inSap.has(keyOf('CA', id)), `cash advance ${id}`).toBe(false);
    expect((await storedRows(h, 'cash', rest)).map((r) => r.status)).toEqual(rest.map(() => 'unposted'));
    const again = await post(rest);
    expect(again.status, again.text).toBe(200);
    const after = await documentsByKey(h.sim);
    for (const id of ids) expect(after.get(keyOf('CA', id)), `cash advance ${id}`).toHaveLength(1);
  }, 90_000);
});
