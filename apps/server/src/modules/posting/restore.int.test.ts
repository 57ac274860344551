import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/fixtures.js';
import {
  documentsByKey,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { createRestorableDatabase, type RestorableDatabase } from '../../test/restorable-database.js';
import { startTestSimulator, type RunningSimulator } from '../../test/simulator.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Exactly once across a database restore (issue 28), as an operator would meet it: SAP is another system and keeps
 * what it was sent after the nightly backup. The three steps of the issue, on the embedded database (its data
 * directory copied and copied back) and on PostgreSQL (a copy of the database):
 * 1. the product runs; it stops; the backup is taken;
 * 2. a new cash advance A (11,100.00) is imported and posted with three the backup already held; it stops;
 * 3. the backup is restored; a different new cash advance B (22,200.00) is imported (it takes A's serial id) and
 *    posted with two of the three. SAP must end with exactly one document per record, B with its own; Reconciliation
 *    lists what the restore forgot (the third record, and A once the trip system sends it again) as SAP documents to
 *    adopt, and after adopting them finds no difference.
 */
const today = nairobiDay();
let sim: RunningSimulator;
let store: RestorableDatabase;
beforeAll(async () => {
  sim = await startTestSimulator();
  store = await createRestorableDatabase();
}, 60_000);
afterAll(async () => {
  await store?.remove();
  await sim?.close();
});

/** The product started on the stored database (seeded the first time only). */
async function startProduct(seeded: boolean) {
  const h = await startPostingHarness({ installation: { sim, database: await store.open(), seeded } });
  return { h, admin: await h.signInAsAdmin(), pettyCash: await ledgerId(h, '110101') };
}

const cash = (h: PostingHarness, overrides: Record<string, string>) =>
  importRecords(h, 'cash', [recordRows.cash({ documentDate: `${nairobiDay(-3)}T08:00:00`, ...overrides })]);

const post = (admin: TestClient, pettyCash: number, ids: number[]) =>
  admin.post(PATHS.cash, {
    postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate: today })),
  });

/** A run of Reconciliation over today, finished. */
async function reconcile(admin: TestClient) {
  const started = await admin.post('/api/v1/reconciliations', { fromDate: today, toDate: today });
  expect(started.status, started.text).toBe(202);
  const id = started.body.data.id as number;
  return waitFor(
    async () => {
      const detail = (await admin.get(`/api/v1/reconciliations/${id}`)).body.data;
      return detail.status === 'done' && detail;
    },
    `reconciliation #${id}`,
    30_000,
  );
}

describe('a database restored from last night while SAP kept what it was sent', () => {
  let h: PostingHarness | undefined;
  afterAll(async () => {
    await h?.close();
  });

  it('posts no record twice, never takes one record for another, and Reconciliation adopts what the restore forgot', async () => {
    // 1. The product has three cash advances; it stops, and the backup is taken.
    let product = await startProduct(false);
    h = product.h;
    const known = [
      ...(await cash(h, { amount: '1000.00' })),
      ...(await cash(h, { amount: '2000.00' })),
      ...(await cash(h, { amount: '3000.00' })),
    ];
    await h.close();
    await store.backup();

    // 2. A is imported and posted with the three; the product stops. SAP holds four documents.
    product = await startProduct(true);
    h = product.h;
    const aSource = `TMS-A-${Date.now()}`;
    const [a] = await cash(h, { amount: '11100.00', sourceId: aSource });
    const first = await post(product.admin, product.pettyCash, [a!, ...known]);
    expect(first.status, first.text).toBe(200);
    const aKey = keyOf('CA', a!);
    await h.close();

    // 3. The backup is restored; B takes A's serial id; B and two of the three are posted.
    await store.restore();
    product = await startProduct(true);
    h = product.h;
    const [b] = await cash(h, { amount: '22200.00', sourceId: `TMS-B-${Date.now()}` });
    expect(b).toBe(a);
    const bKey = keyOf('CA', b!);
    expect(bKey).not.toBe(aKey);
    const second = await post(product.admin, product.pettyCash, [b!, known[0]!, known[1]!]);
    expect(second.status, second.text).toBe(200);

    // SAP: one document per record; B's is its own (22,200.00), A's is still A's (11,100.00).
    const inSap = await documentsByKey(sim);
    const amountOf = (key: string) =>
      (inSap.get(key) ?? []).map((d) => (d.JournalEntryLines as { Debit: number }[])[0]!.Debit);
    expect(amountOf(aKey)).toEqual([11_100]);
    expect(amountOf(bKey)).toEqual([22_200]);
    for (const [i, id] of known.entries()) expect(amountOf(keyOf('CA', id))).toEqual([(i + 1) * 1000]);
    // The two posted again were found in SAP, not posted twice: each is posted here with SAP's document.
    for (const id of known.slice(0, 2))
      expect(await storedRow(h, 'cash', id)).toMatchObject({
        status: 'posted',
        sapDocEntry: inSap.get(keyOf('CA', id))![0]!.JdtNum,
      });

    // The trip system sends A again (the restored database lost it). Reconciliation lists A's and the third
    // record's documents as in SAP but not posted here, to adopt; adopted, nothing differs.
    const [again] = await cash(h, { amount: '11100.00', sourceId: aSource });
    expect(keyOf('CA', again!)).toBe(aKey);
    const run = await reconcile(product.admin);
    const forgotten = (run.differences as { type: string; idempotencyKey: string; adoptable: boolean }[])
      .map((d) => [d.type, d.idempotencyKey, d.adoptable])
      .sort();
    expect(forgotten).toEqual(
      [
        ['not_posted_here', aKey, true],
        ['not_posted_here', keyOf('CA', known[2]!), true],
      ].sort(),
    );
    for (const difference of run.differences as { index: number }[]) {
      const adopted = await product.admin.post(
        `/api/v1/reconciliations/${run.id}/differences/${difference.index}/adopt`,
        {},
      );
      expect(adopted.status, adopted.text).toBe(200);
    }
    const after = await reconcile(product.admin);
    expect(after.differences).toEqual([]);
    expect(after.summary.matched).toBe(5);
    // Still exactly one document per record in SAP.
    const finally_ = await documentsByKey(sim);
    for (const key of [aKey, bKey, ...known.map((id) => keyOf('CA', id))])
      expect(finally_.get(key) ?? []).toHaveLength(1);
  }, 120_000);
});
