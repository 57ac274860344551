import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postingAttempts } from '../../db/schema.js';
import { cashAdvances } from '../records/kinds/cash-advance/index.js';
import { transporterInvoices } from '../records/kinds/first-journal/index.js';
import { waitFor } from '../../test/fixtures.js';
import {
  cashEntry,
  cashRows,
  expectCashPostedOnce,
  firstEntry,
  useExactlyOnce,
} from '../../test/exactly-once.js';
import {
  attemptsOf,
  expectNotInSap,
  expectPostedOnce,
  keyOf,
  makeRecords,
  nairobiDay,
  simConfig,
  storedRow,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { INTERRUPTED_MESSAGE } from './posting-sweeper.js';
import { POSTING_STEPS } from './posting-steps.js';
import { sapGatewayFor } from '../../erp/sap-gateway-adapter.js';
import { rowFailureOf } from '../../test/record-names.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) after a crash: a row a dead process left in
 * posting is settled by a look-up in SAP, and a live poster keeps its rows; proven by the simulator's read-back.
 */
const today = nairobiDay();
const p = useExactlyOnce();

describe('a row left in posting by a crash', () => {
  const step = POSTING_STEPS.cashAdvance;

  /** What a crashed process leaves: the row claimed (posting, attempt open), maybe posted to SAP, nothing recorded after. */
  async function crashWhilePosting(id: number, options: { reachedSap: boolean }) {
    const repository = p.h.app.services.postingRepository;
    const attemptId = await p.h.database.db.transaction(async (tx) =>
      repository.claim(
        step,
        { id, postingDate: today, userId: null, extra: { onAccountId: p.pettyCash } },
        tx as never,
      ),
    );
    expect(attemptId).not.toBeNull();
    let jdtNum: number | null = null;
    if (options.reachedSap) {
      const row = await storedRow(p.h, 'cash', id);
      const document = p.h.app.services.postingRules.cashAdvance({
        key: keyOf('CA', id),
        postingDate: today,
        documentDate: nairobiDay(-5),
        amount: String(row.amount),
        transporterCode: String(row.transporterCode),
        pettyCashAccount: '110101',
      });
      jdtNum = (await sapGatewayFor(p.h.app.services.sap).create(document)).docEntry;
    }
    return { attemptId: attemptId!, jdtNum };
  }
  /** The poster stopped renewing its lease a minute ago (it died). */
  const ageLease = (attemptId: number) =>
    p.h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptId));

  it('is resolved by a look-up: posted when SAP has the document, back in the list as failed when it has not', async () => {
    const [reached, lost, fresh] = await cashRows(p, 3);
    const withDoc = await crashWhilePosting(reached!.id, { reachedSap: true });
    const withoutDoc = await crashWhilePosting(lost!.id, { reachedSap: false });
    // A row whose poster renewed its lease just now is alive: left alone.
    await crashWhilePosting(fresh!.id, { reachedSap: false });
    // Stuck: out of the list, and refused.
    expect(
      (await p.admin.get(PATHS.cash)).body.data.filter((r: { id: number }) =>
        [reached!.id, lost!.id].includes(r.id),
      ),
    ).toEqual([]);
    const retry = await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, reached!.id)] });
    expect(retry.body.failed).toEqual([
      await rowFailureOf(p.h, 'cashAdvance', reached!.id, 'it is being posted right now.'),
    ]);

    await ageLease(withDoc.attemptId);
    await ageLease(withoutDoc.attemptId);
    // (The app's own sweeper may get there first; either way the outcome is the same.)
    const result = await p.h.app.services.sweeper.sweep();
    expect([...result.posted, ...result.failed, ...result.skipped]).not.toContain(keyOf('CA', fresh!.id));

    expect(await storedRow(p.h, 'cash', reached!.id)).toMatchObject({
      status: 'posted',
      sapDocEntry: withDoc.jdtNum,
      lastError: null,
    });
    expect((await attemptsOf(p.h, 'CA', reached!.id)).map((a) => [a.outcome, a.sapDocEntry])).toEqual([
      ['found', withDoc.jdtNum],
    ]);
    await expectCashPostedOnce(p, [reached!]);

    expect(await storedRow(p.h, 'cash', lost!.id)).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_MESSAGE,
    });
    expect((await attemptsOf(p.h, 'CA', lost!.id)).map((a) => a.outcome)).toEqual(['unknown']);
    expect(
      (await p.admin.get(PATHS.cash)).body.data.find((r: { id: number }) => r.id === lost!.id),
    ).toMatchObject({ status: 'failed', lastError: INTERRUPTED_MESSAGE });
    expect(await storedRow(p.h, 'cash', fresh!.id)).toMatchObject({ status: 'posting' });

    // The re-post of the lost one looks the key up first (its last outcome is unknown), then posts it once.
    const reads = (await p.h.sim.stats()).requests.JournalEntries ?? 0;
    const again = await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, lost!.id)] });
    expect(again.status).toBe(200);
    expect((await p.h.sim.stats()).requests.JournalEntries ?? 0).toBe(reads + 2);
    expect((await attemptsOf(p.h, 'CA', lost!.id)).map((a) => a.outcome)).toEqual(['unknown', 'posted']);
    await expectCashPostedOnce(p, [lost!]);

    await p.h.database.db
      .update(cashAdvances)
      .set({ status: 'unposted' })
      .where(eq(cashAdvances.id, fresh!.id));
    await p.h.database.db
      .update(postingAttempts)
      .set({ outcome: 'failed' })
      .where(eq(postingAttempts.recordId, fresh!.id));
  });

  it('is resolved by the sweeper the app runs on its own, for every kind', async () => {
    const [cash] = await cashRows(p, 1);
    const [sale] = await makeRecords(p.h, 'sales', 1);
    await ageLease((await crashWhilePosting(cash!.id, { reachedSap: true })).attemptId);
    // A sales invoice (key in Invoices.Reference2) that never reached SAP.
    const saleAttempt = await p.h.database.db.transaction(async (tx) =>
      p.h.app.services.postingRepository.claim(
        POSTING_STEPS.salesInvoice,
        { id: sale!, postingDate: today, userId: null },
        tx as never,
      ),
    );
    await p.h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, saleAttempt!));
    await waitFor(
      async () =>
        (await storedRow(p.h, 'cash', cash!.id)).status === 'posted' &&
        (await storedRow(p.h, 'sales', sale!)).status === 'failed',
      'the background sweep',
      30_000,
    );
    await expectCashPostedOnce(p, [cash!]);
    await expectNotInSap(p.h.sim, [keyOf('SI', sale!)]);
    expect(await storedRow(p.h, 'sales', sale!)).toMatchObject({ lastError: INTERRUPTED_MESSAGE });
    // Both changes are in the audit log, as the system's.
    const { sapDocEntry, sapDocNum } = await storedRow(p.h, 'cash', cash!.id);
    const trail = await waitFor(async () => {
      const entries = (
        (await p.admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[]
      ).map((e) => [e.event, e.createdBy]);
      const has = (text: string) => entries.some(([event]) => event!.includes(text));
      return has(`(sales invoice #${sale!})`) && has(`(cash advance record #${cash!.id})`) && entries;
    }, 'the audit entries of the sweep');
    expect(trail).toEqual(
      expect.arrayContaining([
        [
          `Interrupted posting of ${(await storedRow(p.h, 'cash', cash!.id)).tripNumber} (cash advance record #${cash!.id}) found in SAP (DocEntry ${sapDocEntry}, DocNum ${sapDocNum}); marked posted`,
          'System',
        ],
        [
          `Interrupted posting of ${(await storedRow(p.h, 'sales', sale!)).tripNumber} (sales invoice #${sale!}) not found in SAP; back in its list as failed`,
          'System',
        ],
      ]),
    );
  }, 45_000);

  it('a second journal stuck in posting is resolved on its own columns, leaving the first journal as it was', async () => {
    const [id] = await makeRecords(p.h, 'transporter', 1);
    expect((await p.admin.post(PATHS.first, { postSap: [firstEntry(id!)] })).status).toBe(200);
    const attemptId = await p.h.database.db.transaction(async (tx) =>
      p.h.app.services.postingRepository.claim(
        POSTING_STEPS.secondJournal,
        { id: id!, postingDate: today, userId: null },
        tx as never,
      ),
    );
    await p.h.database.db
      .update(postingAttempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingAttempts.id, attemptId!));
    await p.h.app.services.sweeper.sweep();
    const row = await storedRow(p.h, 'transporter', id!);
    expect(row).toMatchObject({
      fjStatus: 'posted',
      sjStatus: 'failed',
      sjLastError: INTERRUPTED_MESSAGE,
      fjLastError: null,
    });
    expect(
      (await p.admin.get(PATHS.second)).body.data.find((r: { id: number }) => r.id === id),
    ).toMatchObject({
      status: 'failed',
    });
    expect(
      (await p.admin.post(PATHS.second, { postSap: [{ transporterInvoice: id, postingDate: today }] }))
        .status,
    ).toBe(200);
    await expectPostedOnce(p.h.sim, [keyOf('FJ', id!), keyOf('SJ', id!)]);
    expect(
      await p.h.database.db
        .select({ sj: transporterInvoices.sjStatus })
        .from(transporterInvoices)
        .where(eq(transporterInvoices.id, id!)),
    ).toEqual([{ sj: 'posted' }]);
  });

  it('a live poster keeps its rows: a batch longer than the lease renews it, so no sweep takes them', async () => {
    // 48 rows, 8 at a time, 2.5 s per SAP call: the last 8 wait ~12.5 s after their claim before their turn,
    // longer than the 10 s lease (2 x SAP_TIMEOUT_MS). Without renewals, the sweep at 11 s (or the app's own,
    // every 5 s) would take them for abandoned and fail them.
    const rows = await cashRows(p, 48);
    await simConfig(p.h.sim, { latencyMs: 2_500 });
    const posting = p.admin.post(PATHS.cash, { postSap: rows.map((r) => cashEntry(p, r.id)) });
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const swept = await p.h.app.services.sweeper.sweep();
    const keys = rows.map((r) => keyOf('CA', r.id));
    expect([...swept.posted, ...swept.failed, ...swept.skipped].filter((k) => keys.includes(k))).toEqual([]);
    const response = await posting;
    expect(response.body.failed).toEqual([]);
    expect(response.status).toBe(200);
    await expectCashPostedOnce(p, rows);
    const attempts = await p.h.database.db
      .select()
      .from(postingAttempts)
      .where(
        sql`${postingAttempts.kind} = 'CA' AND ${postingAttempts.recordId} IN (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      );
    expect(attempts.filter((a) => a.errorMessage === INTERRUPTED_MESSAGE)).toEqual([]);
  }, 60_000);
});
