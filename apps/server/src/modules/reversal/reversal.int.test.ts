import { PERMISSIONS } from '@ff/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { cashEntry, cashRows, firstEntry, salesEntry, useExactlyOnce } from '../../test/exactly-once.js';
import { attemptsOf, keyOf, makeRecords, nairobiDay, storedRow } from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import {
  auditLines,
  documentsOf,
  expectJournalReversedOnce,
  postingIdOf,
  reverse,
  reversePath,
} from './testing/reversal-harness.js';

/**
 * Reversing a posting (issue 11) through `POST /api/v1/postings/{id}/reverse`, against the simulator: SAP's own
 * Cancel, the record back in its list for a new generation (a new idempotency key), and every refusal named by
 * trip number and kind. (Lost replies and crashes: reversal-faults.int.test.ts.)
 */
const today = nairobiDay();
const p = useExactlyOnce();

async function postedCash() {
  const [row] = await cashRows(p, 1);
  expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, row!.id)] })).status).toBe(200);
  const stored = await storedRow(p.h, 'cash', row!.id);
  return { id: row!.id, trip: String(stored.tripNumber), postingId: await postingIdOf(p, 'CA', row!.id) };
}

describe('reversing a posted cash advance', () => {
  it('cancels its journal in SAP, returns the record to its list, and its next posting carries a new key', async () => {
    const { id, trip, postingId } = await postedCash();
    const before = await storedRow(p.h, 'cash', id);

    const response = await reverse(p.admin, postingId, '  Wrong petty cash ledger  ');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(`${trip} (cash advance record) reversed in SAP.`);
    expect(response.body.data).toMatchObject({
      id: postingId,
      kind: 'journalCashAdvance',
      recordId: id,
      tripNumber: trip,
      status: 'reversed',
      sapDocEntry: before.sapDocEntry,
      sapDocNum: before.sapDocNum,
      idempotencyKey: keyOf('CA', id),
      reversedBy: expect.any(String),
      reversedAt: expect.any(String),
    });

    // SAP: the original and one reversal entry, every line's sides swapped.
    const { reversal } = await expectJournalReversedOnce(p, keyOf('CA', id));
    // Here: unposted, next generation, SAP's keys cleared, the posting date kept.
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({
      status: 'unposted',
      generation: 2,
      sapDocEntry: null,
      sapDocNum: null,
      postedAt: null,
      postingDate: before.postingDate,
    });
    const listed = (await p.admin.get(`${PATHS.cash}?toDate=${today}`)).body.data;
    expect(listed.map((r: { id: number }) => r.id)).toContain(id);
    const [audit] = await auditLines(p, `Reversed ${trip} %`);
    expect(audit!.event).toBe(
      `Reversed ${trip} (cash advance record) DocEntry ${before.sapDocEntry}, DocNum ${before.sapDocNum} in SAP (cancellation DocEntry ${reversal.JdtNum}): Wrong petty cash ledger`,
    );

    // Posted again: a new document under the generation's key; the first key keeps its two documents.
    expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, id)] })).status).toBe(200);
    const again = await documentsOf(p, keyOf('CA', id, 2));
    expect(again).toHaveLength(1);
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(2);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({
      status: 'posted',
      sapDocEntry: again[0]!.JdtNum,
    });
    const attempts = await attemptsOf(p.h, 'CA', id);
    expect(attempts.map((a) => [a.generation, a.idempotencyKey])).toEqual([
      [1, keyOf('CA', id)],
      [2, keyOf('CA', id, 2)],
    ]);

    // The same posting again: it was reversed.
    const second = await reverse(p.admin, postingId);
    expect(second.status).toBe(422);
    expect(second.body.message).toBe(`${trip} (cash advance record): this posting was already reversed.`);
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(2);
  });

  it('refuses a reason shorter than 5 or longer than 250 characters, and a caller without Reverse Postings', async () => {
    const { id, postingId } = await postedCash();
    const short = await reverse(p.admin, postingId, ' abcd ');
    expect(short.status).toBe(422);
    expect(short.body.errors.reason).toEqual(['The reason must be at least 5 characters.']);
    const long = await reverse(p.admin, postingId, 'x'.repeat(251));
    expect(long.status).toBe(422);
    expect(long.body.errors.reason).toEqual(['The reason may not be greater than 250 characters.']);
    expect((await p.admin.post(reversePath(postingId), {})).body.errors.reason).toEqual([
      'The reason is required.',
    ]);

    const user = await createUser(p.h.server, {
      permissions: [PERMISSIONS.viewCashAdvances, PERMISSIONS.postCashAdvances],
    });
    const client = await signedIn(p.h.server, user);
    expect((await reverse(client, postingId)).status).toBe(403);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(1);
    // An id that names no posting.
    expect((await reverse(p.admin, 2_000_000_000)).status).toBe(404);
  });

  it("answers 404 to a caller who may not view the posting's kind, as for an id that does not exist, and cancels nothing (issue 21, item 1)", async () => {
    const { id, postingId } = await postedCash();
    // A posting that cannot be reversed (already reversed): its refusal names the trip, so it must not be seen.
    const reversed = await postedCash();
    expect((await reverse(p.admin, reversed.postingId)).status).toBe(200);
    const missing = await reverse(p.admin, 2_000_000_000);
    expect(missing.status).toBe(404);
    // Reverse Postings alone opens no posting history (403 there); with another kind's View it is 404 there too.
    for (const [permissions, history] of [
      [[PERMISSIONS.reversePostings], 403],
      [[PERMISSIONS.reversePostings, PERMISSIONS.viewSalesInvoices, PERMISSIONS.postCashAdvances], 404],
    ] as const) {
      const client = await signedIn(
        p.h.server,
        await createUser(p.h.server, { permissions: [...permissions] }),
      );
      const refused = await reverse(client, postingId);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: missing.body });
      expect((await reverse(client, reversed.postingId)).body).toEqual(missing.body);
      expect((await client.get(`/api/v1/postings/${postingId}`)).status).toBe(history);
    }
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(1);

    // With the kind's View permission the same caller finds it, and reverses it.
    const viewer = await signedIn(
      p.h.server,
      await createUser(p.h.server, {
        permissions: [PERMISSIONS.reversePostings, PERMISSIONS.viewCashAdvances],
      }),
    );
    expect((await reverse(viewer, postingId)).status).toBe(200);
    await expectJournalReversedOnce(p, keyOf('CA', id));
  });

  it("shows SAP's refusal (a locked period) and leaves the record posted", async () => {
    const { id, trip, postingId } = await postedCash();
    await p.h.sim.control('/__sim/periods/lock', { from: today.slice(0, 7) });
    const response = await reverse(p.admin, postingId);
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(
      new RegExp(`^${trip} \\(cash advance record\\) could not be reversed: .+`),
    );
    expect(response.body.message).toMatch(/period/i);
    expect(await storedRow(p.h, 'cash', id)).toMatchObject({ status: 'posted', generation: 1 });
    expect(await documentsOf(p, keyOf('CA', id))).toHaveLength(1);
    const [audit] = await auditLines(p, `Reversal of ${trip} %`);
    expect(audit!.event).toMatch(/failed: .*\(reason: Wrong petty cash ledger\)$/);
    // The requester is told in the bell, with a link to the posting.
    const told = await p.h.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/postings?posting=${postingId}`));
    expect(told.map((n) => [n.type, n.title])).toEqual([
      ['reversal_failed', `${trip} (cash advance record) was not reversed`],
    ]);

    // Unlocked, the same posting can be reversed.
    await p.h.sim.control('/__sim/periods/unlock', {});
    expect((await reverse(p.admin, postingId)).status).toBe(200);
    await expectJournalReversedOnce(p, keyOf('CA', id));
  });
});

describe('GET /api/v1/postings/reversed (issue 26, defect 8)', () => {
  const reversedOf = (client: typeof p.admin, ids: number[], kind = 'journalCashAdvance') =>
    client.get(`/api/v1/postings/reversed?kind=${kind}&recordIds=${ids.join(',')}`);

  it('names, of the records asked, those back in their list after a reversal: when, by whom and why, until posted again', async () => {
    const reversed = await postedCash();
    const untouched = await postedCash();
    const [neverPosted] = await cashRows(p, 1);
    expect((await reverse(p.admin, reversed.postingId, '  Wrong petty cash ledger  ')).status).toBe(200);

    const ids = [reversed.id, untouched.id, neverPosted!.id];
    const answer = await reversedOf(p.admin, ids);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [
        {
          recordId: reversed.id,
          postingId: reversed.postingId,
          reversedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          reversedBy: expect.any(String),
          reason: 'Wrong petty cash ledger',
        },
      ],
    });
    expect(answer.body.data[0].reversedBy.length).toBeGreaterThan(0);

    // Posted again: no longer a reversed row.
    expect((await p.admin.post(PATHS.cash, { postSap: [cashEntry(p, reversed.id)] })).status).toBe(200);
    expect((await reversedOf(p.admin, ids)).body).toEqual({ data: [] });
  });

  it('answers none of a kind the caller may not view (as the history lists none), and 422 for a bad kind or id list', async () => {
    const reversed = await postedCash();
    expect((await reverse(p.admin, reversed.postingId)).status).toBe(200);
    const salesViewer = await signedIn(
      p.h.server,
      await createUser(p.h.server, { permissions: [PERMISSIONS.viewSalesInvoices] }),
    );
    expect((await reversedOf(salesViewer, [reversed.id])).body).toEqual({ data: [] });
    expect((await reversedOf(p.admin, [reversed.id])).body.data).toHaveLength(1);
    expect((await reversedOf(p.admin, [1], 'nothing')).status).toBe(422);
    const bad = await p.admin.get('/api/v1/postings/reversed?kind=journalCashAdvance&recordIds=1,x');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.recordIds).toEqual(['recordIds must be 1 to 500 record ids separated by commas.']);
  });
});

describe('reversing a sales invoice', () => {
  it('SAP adds a cancellation document; the re-post carries the compact generation key', async () => {
    const [sale] = await makeRecords(p.h, 'sales', 1);
    expect((await p.admin.post(PATHS.sales, { postSap: [salesEntry(sale!)] })).status).toBe(200);
    const trip = String((await storedRow(p.h, 'sales', sale!)).tripNumber);
    const response = await reverse(p.admin, await postingIdOf(p, 'SI', sale!), 'Billed the wrong customer');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(`${trip} (sales invoice) reversed in SAP.`);

    const [original, cancellation] = await documentsOf(p, keyOf('SI', sale!));
    expect(original).toMatchObject({ Cancelled: 'tYES', CancelStatus: 'csYes' });
    expect(cancellation).toMatchObject({ CancelStatus: 'csCancellation', DocTotal: original!.DocTotal });
    expect(await storedRow(p.h, 'sales', sale!)).toMatchObject({ status: 'unposted', generation: 2 });

    expect((await p.admin.post(PATHS.sales, { postSap: [salesEntry(sale!)] })).status).toBe(200);
    const key = keyOf('SI', sale, 2);
    expect(key).not.toBe(keyOf('SI', sale));
    expect(await documentsOf(p, key)).toHaveLength(1);
    expect(key.length).toBeLessThanOrEqual(11);
  });
});

describe('a transporter invoice', () => {
  it('its first journal cannot be reversed while the second stands; the second can, then the first', async () => {
    const [id] = await makeRecords(p.h, 'transporter', 1);
    expect((await p.admin.post(PATHS.first, { postSap: [firstEntry(id!)] })).status).toBe(200);
    expect(
      (await p.admin.post(PATHS.second, { postSap: [{ transporterInvoice: id, postingDate: today }] }))
        .status,
    ).toBe(200);
    const trip = String((await storedRow(p.h, 'transporter', id!)).tripNumber);
    const first = await postingIdOf(p, 'FJ', id!);

    const refused = await reverse(p.admin, first);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `${trip} (first journal transporter invoice): reverse its second journal first.`,
    );
    expect(await documentsOf(p, keyOf('FJ', id!))).toHaveLength(1);

    expect((await reverse(p.admin, await postingIdOf(p, 'SJ', id!))).status).toBe(200);
    await expectJournalReversedOnce(p, keyOf('SJ', id!));
    expect((await reverse(p.admin, first)).status).toBe(200);
    await expectJournalReversedOnce(p, keyOf('FJ', id!));
    expect(await storedRow(p.h, 'transporter', id!)).toMatchObject({
      fjStatus: 'unposted',
      fjGeneration: 2,
      sjStatus: 'unposted',
      sjGeneration: 2,
    });
  });
});
