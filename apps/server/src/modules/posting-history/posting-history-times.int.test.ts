import type { SQL } from 'drizzle-orm';
import { DATE_TIME_PATTERN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, sql } from '../../test/fixtures.js';
import {
  importRecords,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * The posting history answers its times as every other screen's (spec section 3): `yyyy-MM-dd HH:mm:ss` in
 * APP_TIMEZONE, not instants a browser would show in its own time zone. The harness runs in Nairobi (UTC+3),
 * so an ISO instant or a UTC time would not match what the database reads in that zone.
 */
let h: PostingHarness;
let admin: TestClient;
let pettyCash: number;
const TRIP = `TRP-T${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(() => h?.close());

/** A stored instant as the wire's date-time in APP_TIMEZONE, read by the database (as the record lists do). */
async function wallClock(column: SQL, from: SQL) {
  const [row] = await query<{ at: string | null }>(
    h.server,
    sql`SELECT to_char(${column} AT TIME ZONE ${h.env.APP_TIMEZONE}, 'YYYY-MM-DD HH24:MI:SS') AS at ${from}`,
  );
  return row?.at ?? null;
}
/** Seconds from one wire date-time to another of the same time zone. */
const secondsBetween = (from: string, to: string) =>
  (Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / 1000;

/** Imports a cash advance, posts it, and answers its id and its row in the history. */
async function postedCashAdvance(trip: string) {
  const [id = 0] = await importRecords(h, 'cash', [recordRows.cash({ tripNumber: trip })]);
  const body = { postSap: [{ cashAdvanceId: id, sapAccount: pettyCash, postingDate: nairobiDay() }] };
  expect((await admin.post(PATHS.cash, body)).status).toBe(200);
  const list = await admin.get(`/api/v1/postings?search=${encodeURIComponent(trip)}`);
  expect(list.status).toBe(200);
  return { id, row: list.body.data[0] as { id: number; postedAt: string; reversedAt: string | null } };
}

describe("a posting's times", () => {
  it('are yyyy-MM-dd HH:mm:ss in APP_TIMEZONE: the time the Audit Logs screen shows for the post', async () => {
    expect(h.env.APP_TIMEZONE).toBe('Africa/Nairobi');
    const trip = `${TRIP}-POSTED`;
    const { id, row } = await postedCashAdvance(trip);
    expect(row.postedAt).toBe(await wallClock(sql`posted_at`, sql`FROM cash_advances WHERE id = ${id}`));

    // The post's audit entry is written just after it: the same wall clock, give or take a second.
    const audits = await admin.get(`/api/v1/audits?search=${encodeURIComponent(trip)}`);
    const [entry] = (audits.body.data as { event: string; createdAt: string }[]).filter((e) =>
      e.event.startsWith('Posted 1 cash advance record to SAP'),
    );
    expect(entry, JSON.stringify(audits.body)).toBeDefined();
    expect(secondsBetween(row.postedAt, entry!.createdAt)).toBeGreaterThanOrEqual(0);
    expect(secondsBetween(row.postedAt, entry!.createdAt)).toBeLessThanOrEqual(2);

    // The drawer: the same time, and each step of the timeline in the same zone.
    const detail = (await admin.get(`/api/v1/postings/${row.id}`)).body.data;
    const attempt = sql`FROM posting_attempts WHERE kind = 'CA' AND record_id = ${id}`;
    expect(detail.postedAt).toBe(row.postedAt);
    expect(detail.timeline.map((t: { event: string; at: string }) => [t.event, t.at])).toEqual([
      ['claimed', await wallClock(sql`claimed_at`, attempt)],
      ['sent', await wallClock(sql`sent_at`, attempt)],
      ['posted', await wallClock(sql`finished_at`, attempt)],
    ]);
  });

  it("a reversal's: when SAP confirmed the cancellation, in APP_TIMEZONE, on the row and its timeline", async () => {
    const trip = `${TRIP}-REVERSED`;
    const { id, row } = await postedCashAdvance(trip);
    const reversed = await admin.post(`/api/v1/postings/${row.id}/reverse`, {
      reason: 'Wrong ledger chosen',
    });
    expect(reversed.status, reversed.text).toBe(200);

    const [after] = (await admin.get(`/api/v1/postings?search=${encodeURIComponent(trip)}`)).body.data;
    const cancelled = await wallClock(
      sql`finished_at`,
      sql`FROM posting_reversals WHERE kind = 'CA' AND record_id = ${id} AND outcome = 'reversed'`,
    );
    expect(after).toMatchObject({ status: 'reversed', reversedAt: cancelled });
    expect(after.postedAt).toMatch(DATE_TIME_PATTERN);
    const detail = (await admin.get(`/api/v1/postings/${row.id}`)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'reversed', at: cancelled });
  });
});
