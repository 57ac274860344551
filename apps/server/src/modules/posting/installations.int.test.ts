import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostingDatabase,
  documentsByKey,
  importRecords,
  ledgerId,
  nairobiDay,
  recordRows,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import { startTestSimulator, type RunningSimulator } from '../../test/simulator.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Two installations on one SAP company (issue 28): a test instance beside production, or a database made anew.
 * Their serial ids are the same (1, 2, 3 in both), so a key built from them would take one installation's document
 * for the other's record. Keys come from the trip system's source ids (decision 018): different records never share
 * one, the same record is not posted twice, and a source id SAP holds with other content is refused before SAP.
 */
const today = nairobiDay();
let sim: RunningSimulator;
const installations: { h: PostingHarness; admin: TestClient; pettyCash: number }[] = [];
beforeAll(async () => {
  sim = await startTestSimulator();
  for (let i = 0; i < 2; i += 1) {
    const h = await startPostingHarness({ installation: { sim, database: await createPostingDatabase() } });
    installations.push({ h, admin: await h.signInAsAdmin(), pettyCash: await ledgerId(h, '110101') });
  }
}, 120_000);
afterAll(async () => {
  for (const { h } of installations) await h.close();
  await sim?.close();
});

const cash = async (at: number, rows: Record<string, string>[]) =>
  importRecords(
    installations[at]!.h,
    'cash',
    rows.map((r) => recordRows.cash({ documentDate: `${nairobiDay(-2)}T08:00:00`, ...r })),
  );
const post = (at: number, ids: number[]) => {
  const { admin, pettyCash } = installations[at]!;
  return admin.post(PATHS.cash, {
    postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate: today })),
  });
};
const stored = (at: number, id: number) => storedRow(installations[at]!.h, 'cash', id);
const debitOf = (documents: Record<string, unknown>[] | undefined) =>
  (documents ?? []).map((d) => (d.JournalEntryLines as { Debit: number }[])[0]!.Debit);

describe('two installations posting to one SAP company', () => {
  it('post records with the same serial ids each under its own key: no document is taken for another record', async () => {
    const first = await cash(0, [{ amount: '100.00' }, { amount: '200.00' }, { amount: '300.00' }]);
    const second = await cash(1, [{ amount: '111.00' }, { amount: '222.00' }, { amount: '333.00' }]);
    expect(second).toEqual(first);
    expect((await post(0, first)).status).toBe(200);
    const answer = await post(1, second);
    expect(answer.status, answer.text).toBe(200);

    const inSap = await documentsByKey(sim);
    for (const [at, ids, amounts] of [
      [0, first, [100, 200, 300]],
      [1, second, [111, 222, 333]],
    ] as const) {
      for (const [i, id] of ids.entries()) {
        const row = await stored(at, id);
        expect(debitOf(inSap.get(String(row.postingKey)))).toEqual([amounts[i]]);
        expect(row).toMatchObject({
          status: 'posted',
          sapDocEntry: inSap.get(String(row.postingKey))![0]!.JdtNum,
        });
      }
    }
  });

  it("a record the other installation posted (same source id, same content) is found, not posted again; one SAP holds with other content is refused before SAP, naming SAP's document", async () => {
    const source = `TMS-SHARED-${Date.now()}`;
    const [posted] = await cash(0, [{ sourceId: source, amount: '5000.00' }]);
    expect((await post(0, [posted!])).status).toBe(200);
    const key = String((await stored(0, posted!)).postingKey);
    const [sapDocument] = (await documentsByKey(sim)).get(key)!;

    // The test instance has the same trip: SAP already holds it; it is marked posted with that document.
    const [same] = await cash(1, [{ sourceId: source, amount: '5000.00' }]);
    expect((await post(1, [same!])).status).toBe(200);
    expect(await stored(1, same!)).toMatchObject({ status: 'posted', sapDocEntry: sapDocument!.JdtNum });

    // The same source id with another amount is another record as far as SAP is concerned: refused, not posted.
    const otherSource = `TMS-CHANGED-${Date.now()}`;
    const [original] = await cash(0, [{ sourceId: otherSource, amount: '7000.00' }]);
    expect((await post(0, [original!])).status).toBe(200);
    const otherKey = String((await stored(0, original!)).postingKey);
    const [held] = (await documentsByKey(sim)).get(otherKey)!;
    const [changed] = await cash(1, [{ sourceId: otherSource, amount: '7500.00' }]);
    const refused = await post(1, [changed!]);
    expect(refused.status).toBe(422);
    const trip = String((await stored(1, changed!)).tripNumber);
    expect(refused.body.failed).toEqual([
      {
        id: changed,
        message: `${trip} (cash advance record): SAP already holds JE ${held!.JdtNum} with key ${otherKey} for another record: check Reconciliation.`,
      },
    ]);
    expect(await stored(1, changed!)).toMatchObject({ status: 'failed', sapDocEntry: null });
    expect(debitOf((await documentsByKey(sim)).get(otherKey))).toEqual([7000]);
  });
});
