import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/fixtures.js';
import {
  attemptsOf,
  documentsByKey,
  expectNotInSap,
  keyOf,
  monthOf,
  nairobiDay,
  simConfig,
  storedRows,
} from '../test/posting-harness.js';
import {
  auditTrail,
  expectVasPostedOnce,
  listedIds,
  useVasQueue,
  vasEntry,
  vasRows,
  VAS_PATH,
  waitSettled,
} from '../test/vas-queue.js';
import { rowFailureOf } from '../test/record-names.js';

/**
 * VAS posting through the pg-boss queue (on PGlite and on Postgres): the app built with `queue` and the worker
 * started in this process, as embedded mode runs them. Every claim is checked in the simulator's read-back.
 * (Two workers at one row, and a row without a job: vas-queue-recovery.int.test.ts.)
 */
const q = useVasQueue();

describe('the VAS queue', () => {
  it('takes rows out of the list at once, refuses them while queued, and posts each exactly once', async () => {
    const rows = await vasRows(q, 10);
    const response = await q.admin.post(VAS_PATH, { postSap: rows.map((r) => vasEntry(q, r)) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: 'Vas Transactions have been queued for posting',
      posted: [],
      failed: [],
      queued: rows.map((r) => ({ id: r.id })),
    });
    expect((await listedIds(q)).filter((id) => rows.some((r) => r.id === id))).toEqual([]);

    const again = await q.admin.post(VAS_PATH, { postSap: rows.map((r) => vasEntry(q, r)) });
    expect(again.status).toBe(422);
    expect(again.body.queued).toEqual([]);
    for (const f of again.body.failed as { id: number; message: string }[]) {
      expect(f.message).toMatch(
        new RegExp(
          `^(TRP-\\S+|#${f.id}) \\(VAS transaction\\): it (is already queued for posting|is being posted right now|has already been posted)\\.$`,
        ),
      );
    }
    expect(again.body.message).toMatch(/^None of the 10 VAS transactions could be queued\. /);

    await waitSettled(q, rows);
    await expectVasPostedOnce(q, rows);
    const third = await q.admin.post(VAS_PATH, { postSap: [vasEntry(q, rows[0]!)] });
    expect(third.body.failed).toEqual([
      await rowFailureOf(q.h, 'vasTransaction', rows[0]!.id, 'it has already been posted.'),
    ]);
    await expectVasPostedOnce(q, rows);
  }, 60_000);

  it("brings a SAP refusal back as a failed row with SAP's reason; fixed, the re-post posts it once", async () => {
    const lockedDay = nairobiDay(-40);
    const [good] = await vasRows(q, 1);
    const [unknownSupplier] = await vasRows(q, 1, () => ({ supplierCode: 'S99999' }));
    const [locked] = await vasRows(q, 1, () => ({ documentDate: `${nairobiDay(-45)}T09:00:00` }));
    // Our copy of SAP's periods was read before SAP locked the period: the row is queued and SAP refuses it
    // (a period known to be locked is refused at once: modules/posting-periods/posting-periods.int.test.ts).
    expect((await q.admin.get('/api/v1/posting-periods?refresh=1')).status).toBe(200);
    await q.h.sim.control('/__sim/periods/lock', { from: monthOf(lockedDay) });
    const response = await q.admin.post(VAS_PATH, {
      postSap: [vasEntry(q, good!), vasEntry(q, unknownSupplier!), vasEntry(q, locked!, lockedDay)],
    });
    expect(response.status).toBe(200);
    const all = [good!, unknownSupplier!, locked!];
    await waitSettled(q, all);

    await expectVasPostedOnce(q, [good!]);
    await expectNotInSap(q.h.sim, [keyOf('VAS', unknownSupplier!.id), keyOf('VAS', locked!.id)]);
    const list = (await q.admin.get(VAS_PATH)).body.data as {
      id: number;
      status: string;
      lastError: string | null;
    }[];
    expect(list.find((r) => r.id === unknownSupplier!.id)).toMatchObject({
      status: 'failed',
      lastError: 'No matching records found (ODBC -2028)',
    });
    expect(list.find((r) => r.id === locked!.id)).toMatchObject({
      status: 'failed',
      lastError: 'Posting period locked; specify an alternative date',
    });
    expect(list.some((r) => r.id === good!.id)).toBe(false);
    // The queue's outcomes are in the audit log, as the system's (written just after each row settles).
    const trail = await waitFor(async () => {
      const entries = await auditTrail(q);
      return all.every((r) => entries.some(([event]) => event!.includes(`(#${r.id}) `))) && entries;
    }, "the queue's audit entries");
    expect(trail).toEqual(
      expect.arrayContaining([
        [
          expect.stringMatching(
            new RegExp(
              `^Posted VAS transaction TRP-\\d+ \\(#${good!.id}\\) to SAP from the queue \\(DocEntry \\d+, DocNum \\d+\\)$`,
            ),
          ),
          'System',
        ],
        [
          expect.stringMatching(
            new RegExp(
              `^VAS transaction TRP-\\d+ \\(#${unknownSupplier!.id}\\) could not be posted from the queue: No matching records found \\(ODBC -2028\\)$`,
            ),
          ),
          'System',
        ],
        [
          expect.stringMatching(
            new RegExp(
              `^VAS transaction TRP-\\d+ \\(#${locked!.id}\\) could not be posted from the queue: Posting period locked; specify an alternative date$`,
            ),
          ),
          'System',
        ],
      ]),
    );
    // A refusal is final for that try: one attempt, no retries.
    expect((await attemptsOf(q.h, 'VAS', locked!.id)).map((a) => [a.outcome, a.errorCode])).toEqual([
      ['failed', '-4013'],
    ]);

    await q.h.sim.control('/__sim/periods/unlock', {});
    expect((await q.admin.post(VAS_PATH, { postSap: [vasEntry(q, locked!, lockedDay)] })).status).toBe(200);
    await waitSettled(q, [locked!]);
    await expectVasPostedOnce(q, [locked!], lockedDay, nairobiDay(-45));
  }, 60_000);

  it('settles a lost reply by the look-up, and retries 500s with backoff until each row is posted once', async () => {
    const lost = await vasRows(q, 4);
    await simConfig(q.h.sim, { dropReplyRate: 1 });
    expect((await q.admin.post(VAS_PATH, { postSap: lost.map((r) => vasEntry(q, r)) })).status).toBe(200);
    await waitSettled(q, lost);
    await simConfig(q.h.sim, { dropReplyRate: 0 });
    await expectVasPostedOnce(q, lost);
    expect((await attemptsOf(q.h, 'VAS', lost[0]!.id)).map((a) => a.outcome)).toEqual(['found']);

    const rows = await vasRows(q, 8);
    await simConfig(q.h.sim, { errorRate: 0.5 });
    expect((await q.admin.post(VAS_PATH, { postSap: rows.map((r) => vasEntry(q, r)) })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await simConfig(q.h.sim, { errorRate: 0 });
    await waitSettled(q, rows);
    await expectVasPostedOnce(q, rows);
  }, 90_000);

  it('survives a restart in the middle of a batch (graceful stop): every row posted exactly once', async () => {
    const rows = await vasRows(q, 16);
    await simConfig(q.h.sim, { latencyMs: [300, 500] });
    expect((await q.admin.post(VAS_PATH, { postSap: rows.map((r) => vasEntry(q, r)) })).status).toBe(200);
    await waitFor(
      async () =>
        (
          await storedRows(
            q.h,
            'vas',
            rows.map((r) => r.id),
          )
        ).some((r) => r.status === 'posted'),
      'a first posted row',
      30_000,
    );
    await q.h.stop();
    const midway = await storedRows(
      q.h,
      'vas',
      rows.map((r) => r.id),
    );
    expect(midway.filter((r) => r.status !== 'posted').length).toBeGreaterThan(0);
    // Nothing is doubled by the stop.
    const byKey = await documentsByKey(q.h.sim);
    expect(rows.filter((r) => (byKey.get(keyOf('VAS', r.id))?.length ?? 0) > 1)).toEqual([]);

    await q.h.start();
    q.admin = await q.h.signInAsAdmin();
    await waitSettled(q, rows, 60_000);
    await expectVasPostedOnce(q, rows);
  }, 120_000);

  it('survives an abrupt stop in the middle of a batch (jobs failed while their handlers still run): exactly once', async () => {
    const rows = await vasRows(q, 12);
    await simConfig(q.h.sim, { latencyMs: [400, 700] });
    expect((await q.admin.post(VAS_PATH, { postSap: rows.map((r) => vasEntry(q, r)) })).status).toBe(200);
    await waitFor(
      async () =>
        (
          await storedRows(
            q.h,
            'vas',
            rows.map((r) => r.id),
          )
        ).some((r) => r.status === 'posting'),
      'rows in flight',
      30_000,
    );
    await q.h.stop({ graceful: false });
    await q.h.start();
    q.admin = await q.h.signInAsAdmin();
    await waitSettled(q, rows, 90_000);
    await expectVasPostedOnce(q, rows);
  }, 120_000);
});
