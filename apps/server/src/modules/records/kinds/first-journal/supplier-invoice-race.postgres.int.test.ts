import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  recordRows,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { rowFailureOf } from '../../../../test/record-names.js';
import { first, PATHS } from '../../../../test/records-suite.js';
import type { TestClient } from '../../../../test/test-client.js';

/**
 * Two posts of one supplier invoice number for one transporter, on different records, at the same moment: one
 * is posted, the other refused as a duplicate (supplier-invoices.ts), never both. PostgreSQL only: PGlite runs
 * one transaction at a time, so it cannot interleave them. A second connection holds a lock to order the two
 * requests deterministically; the test waits until a request is blocked on it (pg_blocking_pids), never sleeps.
 */
let h: PostingHarness;
let admin: TestClient;
let blocker: pg.Client;
let blockerPid: number;
beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
  blocker = new pg.Client({ connectionString: h.database.url });
  await blocker.connect();
  blockerPid = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
}, 120_000);
afterAll(async () => {
  await blocker?.end();
  await h?.close();
});

/** Resolves once `count` sessions of the test database wait on a lock (other than the blocker's own). */
async function untilWaiting(count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    // The blocker is inside its transaction, where PostgreSQL keeps the first read of pg_stat_activity for the
    // whole transaction (stats_fetch_consistency): without clearing it, a session that connected later is never seen.
    await blocker.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await blocker.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> $1 AND cardinality(pg_blocking_pids(pid)) > 0`,
      [blockerPid],
    );
    if (rows[0]!.waiting >= count) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${count} blocked request(s)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Two records of one transporter and a number neither carries yet. */
async function twoRecords(transporterCode: string) {
  const [a, b] = await importRecords(h, 'transporter', [
    recordRows.transporter({ transporterCode }),
    recordRows.transporter({ transporterCode }),
  ]);
  return { a: a!, b: b!, number: `RACE-${a}` };
}

/** The refusal of `id` because `number` is on `other`'s first journal already. */
async function duplicateOf(id: number, number: string, other: number) {
  const trip = (await storedRow(h, 'transporter', other)).tripNumber as string;
  return rowFailureOf(
    h,
    'firstJournal',
    id,
    `supplier invoice ${number} is already used for this transporter on ${trip}; confirm to post it anyway.`,
  );
}

describe('one supplier invoice number posted on two records of a transporter at the same moment', () => {
  it('is refused on the record whose claim comes second, even when its check ran before the first claim', async () => {
    const { a, b, number } = await twoRecords('T20001');
    // A's row is held by another session: the post of A is checked, then waits to lock its row.
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM transporter_invoices WHERE id = $1 FOR UPDATE', [a]);
    let postA: Promise<{ status: number; body: any }>;
    try {
      postA = admin.post(PATHS.first, { postSap: [first(a, number)] });
      await untilWaiting(1);
      // B takes the number meanwhile.
      const postB = await admin.post(PATHS.first, { postSap: [first(b, number)] });
      expect(postB.status).toBe(200);
    } finally {
      await blocker.query('ROLLBACK');
    }
    const answerA = await postA;
    expect(answerA.status).toBe(422);
    expect(answerA.body.posted).toEqual([]);
    expect(answerA.body.failed).toEqual([await duplicateOf(a, number, b)]);
    await expectPostedOnce(h.sim, [keyOf('FJ', b)]);
    await expectNotInSap(h.sim, [keyOf('FJ', a)]);
    expect(await storedRow(h, 'transporter', a)).toMatchObject({ fjStatus: 'unposted' });
  });

  it('is refused on the second of two claims running together, which waits for the first to end', async () => {
    const { a, b, number } = await twoRecords('T20002');
    // New attempts wait: the post of A stops inside its claim, after A's row moved to `posting`.
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE posting_attempts IN EXCLUSIVE MODE');
    let postA: Promise<{ status: number; body: any }>;
    let postB: Promise<{ status: number; body: any }>;
    try {
      postA = admin.post(PATHS.first, { postSap: [first(a, number)] });
      await untilWaiting(1);
      // B's claim runs while A's is open (not committed yet).
      postB = admin.post(PATHS.first, { postSap: [first(b, number)] });
      await untilWaiting(2);
    } finally {
      await blocker.query('ROLLBACK');
    }
    const [answerA, answerB] = await Promise.all([postA, postB]);
    expect(answerA.status).toBe(200);
    expect(answerB.status).toBe(422);
    expect(answerB.body.posted).toEqual([]);
    expect(answerB.body.failed).toEqual([await duplicateOf(b, number, a)]);
    await expectPostedOnce(h.sim, [keyOf('FJ', a)]);
    await expectNotInSap(h.sim, [keyOf('FJ', b)]);
    expect(await storedRow(h, 'transporter', b)).toMatchObject({ fjStatus: 'unposted' });
  });
});
