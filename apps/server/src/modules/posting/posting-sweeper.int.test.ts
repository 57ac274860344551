import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, postingAttempts } from '../../db/schema.js';
import { cashAdvances } from '../records/kinds/cash-advance/index.js';
import { SYSTEM_ACTOR } from '../../lib/audit-context.js';
import {
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  storedRows,
  documentsByKey,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { POSTING_STEPS } from './posting-steps.js';
import { createPostingSweeper, INTERRUPTED_MESSAGE, type SweepResult } from './posting-sweeper.js';
import { sapGatewayFor } from '../../erp/sap-gateway-adapter.js';
import { createCashAdvanceInSap, failedUnconfirmedCashAdvance } from '../../test/sweeper-rows.js';

/**
 * The sweeper (posting-sweeper.ts) at the volume a crash leaves: every row a dead process had in flight is
 * settled by one pass, each exactly once even with a second process's sweeper running at the same time, and a
 * failed row whose outcome SAP never confirmed is looked up however long ago it failed. The real app and
 * database, the real simulator over HTTP.
 */
let h: PostingHarness;
let pettyCash: number;
const today = nairobiDay();
const step = POSTING_STEPS.cashAdvance;
const ROWS = 1_000;

beforeAll(async () => {
  // SAP_TIMEOUT_MS 30 s (the default): a lease is stale after 60 s, so the app's own sweeper only sees the
  // rows this test ages, never ones it is still setting up.
  h = await startPostingHarness({ env: { SAP_TIMEOUT_MS: '30000' } });
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const sapGateway = () => sapGatewayFor(h.app.services.sap);
const createInSap = (id: number, amount: string, transporterCode: string) =>
  createCashAdvanceInSap(h, id, amount, transporterCode);
const failedUnconfirmed = (agoMs: number, options: { inSap: boolean }) =>
  failedUnconfirmedCashAdvance(h, pettyCash, agoMs, options);

/** Runs `tasks` at most `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** A second process's sweeper on the same database and SAP (its own pass, its own audit entries). */
const otherProcessSweeper = () =>
  createPostingSweeper({
    repository: h.app.services.postingRepository,
    sap: sapGateway,
    sapTimeoutMs: h.env.SAP_TIMEOUT_MS,
    log: { info: () => undefined, warn: () => undefined },
    audit: (event) => h.app.services.audit.record({ actor: SYSTEM_ACTOR, ip: '127.0.0.1' }, event),
  });

describe('a failed row whose outcome SAP never confirmed', () => {
  it('is looked up however long ago it failed: posted when SAP holds it, and once SAP is shown not to, left alone', async () => {
    // Failed an hour ago (long sweeps, a stopped server: any gap between passes) and its document is in SAP.
    const old = await failedUnconfirmed(60 * 60_000, { inSap: true });
    const absent = await failedUnconfirmed(60 * 60_000, { inSap: false });
    // Failed just now: SAP may still be committing it; not looked up yet.
    const recent = await failedUnconfirmed(0, { inSap: true });

    // The app's own sweeper may run this pass in the background: what counts is what the pass left.
    const first = await h.app.services.sweeper.sweep();
    expect(first.posted).not.toContain(keyOf('CA', recent.id));
    const rows = await storedRows(h, 'cash', [old.id, absent.id, recent.id]);
    expect(rows.map((r) => [r.id, r.status, r.sapDocEntry])).toEqual([
      [old.id, 'posted', old.docEntry],
      [absent.id, 'failed', null],
      [recent.id, 'failed', null],
    ]);
    // The absent one was looked up once; later sweeps do not ask SAP for it again.
    const [checked] = await h.database.db
      .select({ recheckedAt: postingAttempts.recheckedAt })
      .from(postingAttempts)
      .where(and(eq(postingAttempts.kind, 'CA'), eq(postingAttempts.recordId, absent.id)));
    expect(checked!.recheckedAt).not.toBeNull();
    const reads = (await h.sim.stats()).requests.JournalEntries ?? 0;
    await h.app.services.sweeper.sweep();
    expect((await h.sim.stats()).requests.JournalEntries ?? 0).toBe(reads);
    // Its re-post still treats the key as uncertain (its last outcome is unknown).
    expect(
      await h.app.services.postingRepository.uncertainKeys(step, absent.id, Number.MAX_SAFE_INTEGER),
    ).toEqual([keyOf('CA', absent.id)]);
    await h.database.db
      .update(cashAdvances)
      .set({ status: 'unposted' })
      .where(eq(cashAdvances.id, recent.id));
  }, 60_000);

  it("is not marked posted with an earlier generation's document once the row has moved on (a sweep that read it before)", async () => {
    // The soak of issue 29 (1,000 records, SAP faults, under load): a sweep read a failed row at generation 1 and
    // found its late document; before it wrote, the row was re-posted (found), reversed and failed at generation 2.
    // The sweep then marked generation 2 posted with generation 1's cancelled document: SAP held nothing for it.
    const row = await failedUnconfirmed(60 * 60_000, { inSap: true });
    const [seen] = await h.app.services.postingRepository.unconfirmedFailures(step, new Date(), {
      afterId: row.id - 1,
      limit: 1,
    });
    expect(seen).toMatchObject({ id: row.id, generation: 1 });
    // Meanwhile: reversed (generation 2), posted again and refused by SAP.
    await h.database.db
      .update(cashAdvances)
      .set({ generation: 2, status: 'unposted' })
      .where(eq(cashAdvances.id, row.id));
    const again = await h.database.db.transaction((tx) =>
      h.app.services.postingRepository.claim(
        step,
        { id: row.id, postingDate: today, userId: null, extra: { onAccountId: pettyCash } },
        tx as never,
      ),
    );
    await h.app.services.postingRepository.markFailed(step, row.id, again!, {
      outcome: 'failed',
      message: 'SAP refused it.',
    });

    const marked = await h.app.services.postingRepository.markFoundAfterFailure(
      step,
      row.id,
      { docEntry: row.docEntry, docNum: row.docEntry },
      { generation: seen!.generation, key: seen!.keys[0]!, attemptId: seen!.attemptId },
    );
    expect(marked).toBe(false);
    const [now] = await storedRows(h, 'cash', [row.id]);
    expect(now).toMatchObject({ status: 'failed', sapDocEntry: null, generation: 2 });
    await h.database.db.update(cashAdvances).set({ status: 'unposted' }).where(eq(cashAdvances.id, row.id));
  }, 60_000);
});

describe('a row reversed and posted again, failed unconfirmed at its second generation', () => {
  it("is looked up under its own generation's key only, not under the first's (whose document is cancelled)", async () => {
    // The soak of issue 29: generation 1 ended unknown, was found, reversed (its document cancelled); generation 2
    // ended unknown too. The sweep looked up both generations' keys, found the first's document and marked the
    // second posted with it: SAP held nothing for generation 2.
    const [id] = await importRecords(h, 'cash', [recordRows.cash()]);
    const claim = () =>
      h.database.db.transaction((tx) =>
        h.app.services.postingRepository.claim(
          step,
          { id: id!, postingDate: today, userId: null, extra: { onAccountId: pettyCash } },
          tx as never,
        ),
      );
    const first = await claim();
    const [row] = await storedRows(h, 'cash', [id!]);
    await createInSap(id!, String(row!.amount), String(row!.transporterCode));
    await h.app.services.postingRepository.markFailed(step, id!, first!, {
      outcome: 'unknown',
      message: 'SAP did not confirm the posting.',
    });
    // Its first generation is over (found, reversed: the document cancelled in SAP): generation 2, failed unknown.
    await h.database.db
      .update(cashAdvances)
      .set({ generation: 2, status: 'unposted' })
      .where(eq(cashAdvances.id, id!));
    const second = await claim();
    await h.app.services.postingRepository.markFailed(step, id!, second!, {
      outcome: 'unknown',
      message: 'SAP did not confirm the posting.',
    });
    await h.database.db
      .update(postingAttempts)
      .set({ finishedAt: new Date(Date.now() - 60 * 60_000) })
      .where(inArray(postingAttempts.id, [first!, second!]));

    const [swept] = await h.app.services.postingRepository.unconfirmedFailures(step, new Date(), {
      afterId: id! - 1,
      limit: 1,
    });
    expect(swept).toMatchObject({ id, generation: 2, keys: [keyOf('CA', id!, 2)] });
    await h.app.services.sweeper.sweep();
    expect((await storedRows(h, 'cash', [id!]))[0]).toMatchObject({ status: 'failed', sapDocEntry: null });
    await h.database.db.update(cashAdvances).set({ status: 'unposted' }).where(eq(cashAdvances.id, id!));
  }, 60_000);
});

describe('1,000 rows left posting by a crash', () => {
  it('are all settled by one sweep, each exactly once, with a second sweeper running alongside', async () => {
    const ids = await importRecords(
      h,
      'cash',
      Array.from({ length: ROWS }, () => recordRows.cash()),
    );
    // What the dead process left: every row claimed (posting, attempt open); the POSTs of the even ones landed.
    await h.database.db.transaction((tx) =>
      h.app.services.postingRepository.claimMany(
        step,
        ids.map((id) => ({ id, postingDate: today, extra: { onAccountId: pettyCash } })),
        { userId: null, queued: false },
        tx as never,
      ),
    );
    const rows = await storedRows(h, 'cash', ids);
    expect(rows.every((r) => r.status === 'posting')).toBe(true);
    const inSap = new Map<number, number | null>();
    const landed = rows.filter((r) => (r.id as number) % 2 === 0);
    await inLanes(landed, 16, async (r) => {
      inSap.set(
        r.id as number,
        await createInSap(r.id as number, String(r.amount), String(r.transporterCode)),
      );
    });
    // Its leases stopped being renewed a while ago.
    await h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 10 * 60_000) })
      .where(and(eq(postingAttempts.kind, 'CA'), inArray(postingAttempts.recordId, ids)));

    const results: SweepResult[] = await Promise.all([
      h.app.services.sweeper.sweep(),
      otherProcessSweeper().sweep(),
    ]);

    // One pass settled every row: none is left posting.
    const after = await storedRows(h, 'cash', ids);
    expect(after.filter((r) => r.status === 'posting').map((r) => r.id)).toEqual([]);
    for (const row of after) {
      const id = row.id as number;
      if (inSap.has(id))
        expect(row).toMatchObject({ status: 'posted', sapDocEntry: inSap.get(id), lastError: null });
      else expect(row).toMatchObject({ status: 'failed', lastError: INTERRUPTED_MESSAGE });
    }
    // SAP holds each landed document once, and nothing for the others (the sweeper only looks up).
    const byKey = await documentsByKey(h.sim);
    expect(ids.filter((id) => (byKey.get(keyOf('CA', id))?.length ?? 0) !== (inSap.has(id) ? 1 : 0))).toEqual(
      [],
    );

    // Settled once: no key in both sweepers' answers, each row's one attempt closed once, one audit entry each.
    const settledKeys = results.flatMap((r) => [...r.posted, ...r.failed]);
    expect(new Set(settledKeys).size).toBe(settledKeys.length);
    const attempts = await h.database.db
      .select({ recordId: postingAttempts.recordId, outcome: postingAttempts.outcome })
      .from(postingAttempts)
      .where(and(eq(postingAttempts.kind, 'CA'), inArray(postingAttempts.recordId, ids)));
    expect(attempts).toHaveLength(ROWS);
    expect(attempts.filter((a) => a.outcome !== (inSap.has(a.recordId) ? 'found' : 'unknown'))).toEqual([]);
    const trail = await h.database.db
      .select({ event: audits.event })
      .from(audits)
      .where(like(audits.event, 'Interrupted posting of % (cash advance record #%'));
    const perRow = new Map<number, number>();
    for (const { event } of trail) {
      const id = Number(/#(\d+)\) /.exec(event)![1]);
      perRow.set(id, (perRow.get(id) ?? 0) + 1);
    }
    expect(ids.filter((id) => perRow.get(id) !== 1)).toEqual([]);
  }, 240_000);
});
