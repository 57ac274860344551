import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashAdvances } from '../records/kinds/cash-advance/index.js';
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
import { PATHS } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { POSTING_STEPS } from './posting-steps.js';
import { KEYS_PER_LOOKUP } from './key-lookup.js';
import { sapGatewayFor } from '../../erp/sap-gateway-adapter.js';

/**
 * SAP is asked for a post request's keys while its rows are being claimed (posting.service.ts `prefetchLookUps`,
 * decision 018), so the look-up before the first POST costs no round of SAP calls. An answer from before the
 * claim is used only for a row that nothing may have been sent for in between: `freshKeys` leaves out rows with
 * an attempt of their generation after which SAP may hold the document, and rows no longer claimable.
 */
let h: PostingHarness;
let admin: TestClient;
let pettyCash: number;
const today = nairobiDay();
const step = POSTING_STEPS.cashAdvance;

beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
  pettyCash = await ledgerId(h, '110101');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const repository = () => h.app.services.postingRepository;
const claim = (id: number) =>
  h.database.db.transaction((tx) =>
    repository().claim(
      step,
      { id, postingDate: today, userId: null, extra: { onAccountId: pettyCash } },
      tx as never,
    ),
  );
const post = (ids: number[]) =>
  admin.post(PATHS.cash, {
    postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: pettyCash, postingDate: today })),
  });
/** Service Layer GETs of journal entries so far (the look-ups; a POST is not a GET but counts as a request). */
const journalRequests = async () => (await h.sim.stats()).requests.JournalEntries ?? 0;

describe('the keys read before a claim', () => {
  it('are those of claimable rows with no attempt of their generation that may have reached SAP', async () => {
    const [fresh, refused, unconfirmed, inFlight, reversed, posted] = await importRecords(
      h,
      'cash',
      Array.from({ length: 6 }, () => recordRows.cash()),
    );
    // SAP said no to `refused` (nothing was created); `unconfirmed` and `inFlight` may be in SAP.
    await repository().markFailed(step, refused!, (await claim(refused!))!, {
      outcome: 'failed',
      message: 'SAP refused it.',
    });
    await repository().markFailed(step, unconfirmed!, (await claim(unconfirmed!))!, {
      outcome: 'unknown',
      message: 'SAP did not confirm the posting.',
    });
    await claim(inFlight!);
    // `reversed` was posted at generation 1 (its document since cancelled) and waits at generation 2.
    await repository().markFailed(step, reversed!, (await claim(reversed!))!, {
      outcome: 'unknown',
      message: 'SAP did not confirm the posting.',
    });
    await h.database.db
      .update(cashAdvances)
      .set({ generation: 2, status: 'unposted' })
      .where(eq(cashAdvances.id, reversed!));
    await h.database.db.update(cashAdvances).set({ status: 'posted' }).where(eq(cashAdvances.id, posted!));
    await h.database.db
      .update(cashAdvances)
      .set({ status: 'failed' })
      .where(eq(cashAdvances.id, unconfirmed!));

    const keys = await repository().freshKeys(step, [
      fresh!,
      refused!,
      unconfirmed!,
      inFlight!,
      reversed!,
      posted!,
    ]);
    expect(Object.fromEntries(keys)).toEqual({
      [fresh!]: keyOf('CA', fresh!),
      [refused!]: keyOf('CA', refused!),
      [reversed!]: keyOf('CA', reversed!, 2),
    });
  }, 60_000);
});

describe('a post request', () => {
  it('asks SAP once per chunk of keys and posts each row once, taking a document SAP already holds', async () => {
    const rows = KEYS_PER_LOOKUP * 2 + 5;
    const ids = await importRecords(
      h,
      'cash',
      Array.from({ length: rows }, () => recordRows.cash()),
    );
    // The first row's document is in SAP already (a backup restored after it was posted): it is taken, not sent.
    const [held] = await storedRows(h, 'cash', [ids[0]!]);
    const document = h.app.services.postingRules.cashAdvance({
      key: keyOf('CA', ids[0]!),
      postingDate: today,
      documentDate: nairobiDay(-5),
      amount: String(held!.amount),
      transporterCode: String(held!.transporterCode),
      pettyCashAccount: '110101',
    });
    const heldEntry = (await sapGatewayFor(h.app.services.sap).create(document)).docEntry;

    const before = await journalRequests();
    const answer = await post(ids);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.posted).toHaveLength(rows);
    expect(answer.body.posted.find((p: { id: number }) => p.id === ids[0])?.sapDocEntry).toBe(heldEntry);
    // Three look-ups (40 + 40 + 5 keys), asked while the rows were claimed, and a POST for every other row.
    expect((await journalRequests()) - before).toBe(3 + rows - 1);
    const inSap = await documentsByKey(h.sim);
    for (const id of ids) expect(inSap.get(keyOf('CA', id)), `cash advance ${id}`).toHaveLength(1);
  }, 120_000);
});
