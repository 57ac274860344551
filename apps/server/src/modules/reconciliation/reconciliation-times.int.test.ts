import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, sql, waitFor } from '../../test/fixtures.js';
import { nairobiDay, startPostingHarness, type PostingHarness } from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Reconciliation runs answer their times as every other screen's (spec section 3): `yyyy-MM-dd HH:mm:ss` in
 * APP_TIMEZONE, not instants a browser would show in its own time zone. The harness runs in Nairobi (UTC+3),
 * so an ISO instant or a UTC time would not match what the database reads in that zone. Without a queue the
 * run goes in the app's background.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

/** A run's stored instant as the wire's date-time in APP_TIMEZONE, read by the database. */
async function wallClockOf(runId: number, column: 'created_at' | 'finished_at') {
  const [row] = await query<{ at: string }>(
    h.server,
    sql`SELECT to_char(${sql.identifier(column)} AT TIME ZONE ${h.env.APP_TIMEZONE}, 'YYYY-MM-DD HH24:MI:SS') AS at
          FROM reconciliation_runs WHERE id = ${runId}`,
  );
  return row!.at;
}
/** Seconds from one wire date-time to another of the same time zone. */
const secondsBetween = (from: string, to: string) =>
  (Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`)) / 1000;

describe("a reconciliation run's times", () => {
  it('are yyyy-MM-dd HH:mm:ss in APP_TIMEZONE: the time the Audit Logs screen shows for its start', async () => {
    expect(h.env.APP_TIMEZONE).toBe('Africa/Nairobi');
    const started = await admin.post('/api/v1/reconciliations', {
      fromDate: nairobiDay(-1),
      toDate: nairobiDay(-1),
    });
    expect(started.status, started.text).toBe(202);
    const id = started.body.data.id as number;
    expect(started.body.data).toMatchObject({
      createdAt: await wallClockOf(id, 'created_at'),
      finishedAt: null,
    });

    const run = await waitFor(
      async () => {
        const detail = (await admin.get(`/api/v1/reconciliations/${id}`)).body.data;
        return detail.status === 'done' && detail;
      },
      `reconciliation #${id}`,
      30_000,
    );
    expect(run.createdAt).toBe(started.body.data.createdAt);
    expect(run.finishedAt).toBe(await wallClockOf(id, 'finished_at'));
    const [listed] = (await admin.get('/api/v1/reconciliations')).body.data;
    expect(listed).toMatchObject({ id, createdAt: run.createdAt, finishedAt: run.finishedAt });

    // The start's audit entry is written in the same transaction: the same wall clock, give or take a second.
    const audits = await admin.get(`/api/v1/audits?search=${encodeURIComponent(`reconciliation #${id} `)}`);
    const [entry] = audits.body.data as { event: string; createdAt: string }[];
    expect(entry?.event, JSON.stringify(audits.body)).toMatch(new RegExp(`^Started reconciliation #${id} `));
    expect(secondsBetween(run.createdAt, entry!.createdAt)).toBeGreaterThanOrEqual(0);
    expect(secondsBetween(run.createdAt, entry!.createdAt)).toBeLessThanOrEqual(2);
  });
});
