import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { postingReversals } from '../../db/schema.js';
import { waitFor } from '../../test/fixtures.js';
import { cashEntry, cashRows, firstEntry, useExactlyOnce } from '../../test/exactly-once.js';
import {
  documentsByKey,
  keyOf,
  makeRecords,
  nairobiDay,
  simConfig,
  storedRow,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { sapReferenceOf } from '../posting/posting-steps.js';
import { sapGatewayFor } from '../../erp/sap-gateway-adapter.js';
import { createReversalRepository } from './reversal.repository.js';
import { INTERRUPTED_REVERSAL } from './reversal-sweeper.js';
import { documentsOf, expectJournalReversedOnce, postingIdOf, reverse } from './testing/reversal-harness.js';

/**
 * Reversal exactly once (issue 11), like posting: a lost reply is settled by looking for the cancellation before
 * anything is sent again, and a reversal a dead process left pending is settled by the sweeper. Proven by the
 * simulator's read-back: one reversal entry per posting, never two.
 */
const p = useExactlyOnce();

async function postedCash() {
  const [row] = await cashRows(p, 1);
  expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, row!.id)] })).status).toBe(200);
  const trip = String((await storedRow(p.h, 'cash', row!.id)).tripNumber);
  return { id: row!.id, trip, postingId: await postingIdOf(p, 'CA', row!.id) };
}

/**
 * Requests SAP refused so far. SAP refuses every Cancel of a document already cancelled, so a second Cancel
 * would show here even when the reversal still ended well.
 */
const refusals = async () => ((await p.h.sim.stats()) as unknown as { rejected: number }).rejected;

const reversals = (recordId: number) =>
  p.h.database.db
    .select()
    .from(postingReversals)
    .where(eq(postingReversals.recordId, recordId))
    .then((rows) => rows.filter((r) => r.kind === 'CA').sort((a, b) => a.id - b.id));

describe('a lost reply', () => {
  it('after SAP committed the Cancel: the cancellation is found, the record reversed, one reversal entry', async () => {
    const { id, trip, postingId } = await postedCash();
    await simConfig(p.h.sim, { dropReplyRate: 1 });
    const response = await reverse(p.admin, postingId);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(`${trip} (cash advance record) reversed in SAP.`);
    expect(((await p.h.sim.stats()) as unknown as { droppedReplies: number }).droppedReplies).toBeGreaterThan(
      0,
    );
    const { reversal } = await expectJournalReversedOnce(p, keyOf('CA', id));
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'unposted', generation: 2 });
    expect((await reversals(id)).map((r) => [r.outcome, r.cancelDocEntry])).toEqual([
      ['reversed', reversal.JdtNum],
    ]);
  });

  it('and a look-up that cannot answer: unknown, then the retry finds the cancellation without a second Cancel', async () => {
    // Warm the session so only the document calls are slow.
    const warm = await postedCash();
    expect(warm.id).toBeGreaterThan(0);
    const { id, trip, postingId } = await postedCash();
    // Everything outlasts SAP_TIMEOUT_MS (5 s): the Cancel times out, then commits; the look-up times out too.
    await simConfig(p.h.sim, { latencyMs: 6_000 });
    const response = await reverse(p.admin, postingId);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      `SAP did not confirm the cancellation of ${trip} (cash advance record); it will be checked before any retry.`,
    );
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    expect((await reversals(id)).map((r) => r.outcome)).toEqual(['unknown']);

    await waitFor(
      async () => (await documentsOf(p, keyOf('CA', id))).length === 2,
      'the slow Cancel',
      15_000,
    );
    await simConfig(p.h.sim, { latencyMs: 0 });
    const refused = await refusals();
    const again = await reverse(p.admin, postingId, 'Second try after the timeout');
    expect(again.status).toBe(200);
    expect(await refusals()).toBe(refused);
    await expectJournalReversedOnce(p, keyOf('CA', id));
    expect((await reversals(id)).map((r) => r.outcome)).toEqual(['unknown', 'reversed']);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'unposted', generation: 2 });
  }, 60_000);
});

describe('a reversal left pending by a crash', () => {
  /** What a dead reverser leaves: the claim (record reversing, reversal pending), maybe the Cancel sent, a stale lease. */
  async function crashWhileReversing(postingId: number, options: { reachedSap: boolean }) {
    const repository = createReversalRepository(p.h.database.db);
    const posting = (await repository.posting(postingId))!;
    const now = (await repository.stepNow(posting.step, posting.recordId))!;
    const reversal = await p.h.database.db.transaction(async (tx) =>
      repository.open(
        posting,
        { ref: { docEntry: now.sapDocEntry, docNum: now.sapDocNum }, reason: 'Crashed midway', userId: null },
        tx as unknown as Db,
      ),
    );
    if (options.reachedSap) {
      await sapGatewayFor(p.h.app.services.sap).cancel({
        ...sapReferenceOf(posting.step),
        docEntry: now.sapDocEntry!,
      });
    }
    return reversal;
  }
  const makeStale = (reversalId: number) =>
    p.h.database.db
      .update(postingReversals)
      .set({ startedAt: sql`now() - interval '1 hour'` })
      .where(eq(postingReversals.id, reversalId));
  // The app's own reversal sweeper runs in the background too: a stale lease may be settled by either, so the
  // tests check what a sweep left (the reversal's outcome, SAP's documents), not which sweep reported it.
  const sweepOnce = (now?: Date) => p.h.app.services.afterPosting.reversal.sweepOnce(now);

  it('after its Cancel reached SAP: the sweeper finds the cancellation and reverses the record', async () => {
    const { id, postingId } = await postedCash();
    const reversal = await crashWhileReversing(postingId, { reachedSap: true });
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'reversing' });

    // A live reverser's lease is left alone.
    expect((await sweepOnce()).reversed).not.toContain(keyOf('CA', id));
    expect((await reversals(id))[0]!.outcome).toBe('pending');

    await makeStale(reversal.id);
    await sweepOnce();
    const { reversal: entry } = await expectJournalReversedOnce(p, keyOf('CA', id));
    expect((await reversals(id)).map((r) => [r.outcome, r.cancelDocEntry])).toEqual([
      ['reversed', entry.JdtNum],
    ]);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'unposted', generation: 2 });
  });

  it('before its Cancel left: the sweeper puts the record back to posted, and the next reversal cancels once', async () => {
    const { id, postingId } = await postedCash();
    const reversal = await crashWhileReversing(postingId, { reachedSap: false });
    await makeStale(reversal.id);
    await sweepOnce();
    expect((await reversals(id)).map((r) => [r.outcome, r.errorMessage])).toEqual([
      ['unknown', INTERRUPTED_REVERSAL],
    ]);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(1);

    const refused = await refusals();
    expect((await reverse(p.admin, postingId)).status).toBe(200);
    expect(await refusals()).toBe(refused);
    await expectJournalReversedOnce(p, keyOf('CA', id));
  });

  it('an unconfirmed reversal whose Cancel lands later is found by a later sweep, and the record reversed', async () => {
    const { id, postingId } = await postedCash();
    const reversal = await crashWhileReversing(postingId, { reachedSap: false });
    await makeStale(reversal.id);
    await sweepOnce();
    expect((await reversals(id)).map((r) => r.outcome)).toEqual(['unknown']);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    // The Cancel the dead process sent commits in SAP only now.
    await p.h.sim.control('/__sim/documents/cancel', { reference: keyOf('CA', id) });
    await sweepOnce(new Date(Date.now() + 60 * 60 * 1000));
    const { reversal: entry } = await expectJournalReversedOnce(p, keyOf('CA', id));
    expect((await reversals(id)).map((r) => [r.outcome, r.cancelDocEntry])).toEqual([
      ['reversed', entry.JdtNum],
    ]);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'unposted', generation: 2 });
  });

  it('a second request while one is running is refused (409), and nothing more is sent to SAP', async () => {
    const { id, trip, postingId } = await postedCash();
    await crashWhileReversing(postingId, { reachedSap: false });
    const response = await reverse(p.admin, postingId);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`${trip} (cash advance record): a reversal of it is already running.`);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'reversing', generation: 1 });
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(1);
  });
});

describe('a first journal whose second journal is unconfirmed', () => {
  it('is not reversed until the sweeper has settled the second journal, which SAP may hold (the clean-clone flake of issue 29)', async () => {
    const [id] = await makeRecords(p.h, 'transporter', 1);
    expect((await p.admin.post(PATHS.first, { postSap: [firstEntry(id!)] })).status).toBe(200);
    const trip = String((await storedRow(p.h, 'transporter', id!)).tripNumber);
    // SAP takes longer than SAP_TIMEOUT_MS (5 s) to write: the second journal's POST times out and commits later,
    // after the look-up that follows it. The second journal is listed as failed; SAP holds it.
    await simConfig(p.h.sim, { writeLatencyMs: 6_000 });
    const second = await p.admin.post(PATHS.second, {
      postSap: [{ transporterInvoice: id, postingDate: nairobiDay() }],
    });
    expect(second.status).toBe(422);
    expect(await storedRow(p.h, 'transporter', id!)).toMatchObject({
      fjStatus: 'posted',
      sjStatus: 'failed',
    });
    await waitFor(
      async () => (await documentsByKey(p.h.sim)).has(keyOf('SJ', id!)) || undefined,
      'the second journal to land in SAP',
      15_000,
    );
    await simConfig(p.h.sim, { writeLatencyMs: 0 });

    // Reversing the first journal now would leave the second journal standing in SAP on a cancelled first one.
    const first = await postingIdOf(p, 'FJ', id!);
    const refused = await reverse(p.admin, first);
    expect(refused.body.message).toBe(
      `${trip} (first journal transporter invoice): its second journal was not confirmed by SAP and is being checked; try again in a minute.`,
    );
    expect(refused.status).toBe(409);
    expect(await documentsOf(p, keyOf('FJ', id!))).toHaveLength(1);

    // The sweeper finds the second journal in SAP: it is posted, and it must be reversed first.
    await p.h.app.services.sweeper.sweep(new Date(Date.now() + 60_000));
    expect(await storedRow(p.h, 'transporter', id!)).toMatchObject({
      fjStatus: 'posted',
      sjStatus: 'posted',
    });
    expect((await reverse(p.admin, first)).body.message).toBe(
      `${trip} (first journal transporter invoice): reverse its second journal first.`,
    );
    expect((await reverse(p.admin, await postingIdOf(p, 'SJ', id!))).status).toBe(200);
    expect((await reverse(p.admin, first)).status).toBe(200);
    await expectJournalReversedOnce(p, keyOf('FJ', id!));
    await expectJournalReversedOnce(p, keyOf('SJ', id!));
  }, 60_000);
});
