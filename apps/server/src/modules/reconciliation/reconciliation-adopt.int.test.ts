import { postServiceLayerDocument } from '@ff/sap-sim';
import { PERMISSIONS, type PermissionName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, query, signedIn, sql, waitFor } from '../../test/fixtures.js';
import {
  makeRecords,
  nairobiDay,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * "Adopt SAP document" (issue 21, item 5): adopting marks a record posted with a document someone else put in
 * SAP under our key, so it must be the record's document: its amount, and a date a posting of the record could
 * have had. And it posts a record of that kind: the caller needs the kind's Post permission as well as "Run
 * Reconciliation". Each test keeps to its own days so their runs do not see each other's documents.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

/** A run over [day, day] as `client`, finished. */
async function reconcile(day: string, client = admin) {
  const started = await client.post('/api/v1/reconciliations', { fromDate: day, toDate: day });
  expect(started.status, started.text).toBe(202);
  const id = started.body.data.id as number;
  return waitFor(
    async () => {
      const detail = (await client.get(`/api/v1/reconciliations/${id}`)).body.data;
      return detail.status === 'done' && detail;
    },
    `reconciliation #${id}`,
    30_000,
  );
}

/** An unposted cash advance of `amount` whose document is dated `documentDay`. */
async function cashRecord(amount: string, documentDay: string) {
  const [id] = await makeRecords(h, 'cash', 1, () => ({ amount, documentDate: `${documentDay}T10:00:00` }));
  return { id: id!, key: keyOf('CA', id), trip: String((await storedRow(h, 'cash', id!)).tripNumber) };
}

/** A journal carrying `key` as another SAP client would post it; answers its DocEntry and DocNum. */
async function handMadeJournal(key: string, day: string, amount: number) {
  const created = await postServiceLayerDocument(h.sim.url, 'JournalEntries', {
    ReferenceDate: day,
    Reference3: key,
    Memo: 'Typed in SAP by hand',
    JournalEntryLines: [
      { ShortName: 'T20002', Debit: amount, Credit: 0 },
      { AccountCode: '110101', Debit: 0, Credit: amount },
    ],
  });
  expect(created.status).toBe(201);
  return { docEntry: created.body!.JdtNum as number, docNum: created.body!.Number as number };
}

const attemptsOf = (recordId: number) =>
  query<{ outcome: string }>(
    h.server,
    sql`SELECT outcome FROM posting_attempts WHERE kind = 'CA' AND record_id = ${recordId}`,
  );

const userWith = async (permissions: PermissionName[]) =>
  signedIn(h.server, await createUser(h.server, { permissions }));

describe("adopting SAP's document", () => {
  it("refuses a document whose amount and date are not the record's, naming both, and changes nothing", async () => {
    const [documentDay, sapDay] = [nairobiDay(-5), nairobiDay(-7)];
    const record = await cashRecord('30900.00', documentDay);
    const sap = await handMadeJournal(record.key, sapDay, 100);

    const run = await reconcile(sapDay);
    expect(run.differences).toHaveLength(1);
    // The run already shows the gap and offers no adoption.
    expect(run.differences[0]).toMatchObject({
      type: 'not_posted_here',
      idempotencyKey: record.key,
      ours: { amount: '30900.00', postingDate: null },
      sap: { amount: '100.00', postingDate: sapDay },
      adoptable: false,
    });
    expect(run.differences[0].message).toContain(
      `SAP's document is for 100.00 and dated ${sapDay}; the record is 30,900.00 with document date ${documentDay}: check it in SAP before adopting.`,
    );

    const adopted = await admin.post(`/api/v1/reconciliations/${run.id}/differences/0/adopt`);
    expect(adopted.status, adopted.text).toBe(422);
    expect(adopted.body).toEqual({
      message: `SAP's document (DocEntry ${sap.docEntry}, DocNum ${sap.docNum}) is for 100.00 and dated ${sapDay}; ${record.trip} (cash advance record) is 30,900.00 with document date ${documentDay}: check it in SAP before adopting.`,
    });
    expect(await storedRow(h, 'cash', record.id)).toMatchObject({ status: 'unposted', sapDocEntry: null });
    // Posting history shows nothing for it, and the next run still reports it.
    expect(await attemptsOf(record.id)).toEqual([]);
    const again = await reconcile(sapDay);
    expect(again.summary).toMatchObject({ matched: 0, notPostedHere: 1 });
  });

  it("refuses a document of the record's amount dated before the record's document date", async () => {
    const [documentDay, sapDay] = [nairobiDay(-5), nairobiDay(-6)];
    const record = await cashRecord('15000.00', documentDay);
    const sap = await handMadeJournal(record.key, sapDay, 15000);
    const run = await reconcile(sapDay);
    expect(run.differences[0]).toMatchObject({ idempotencyKey: record.key, adoptable: false });

    const adopted = await admin.post(`/api/v1/reconciliations/${run.id}/differences/0/adopt`);
    expect(adopted.status, adopted.text).toBe(422);
    expect(adopted.body.message).toBe(
      `SAP's document (DocEntry ${sap.docEntry}, DocNum ${sap.docNum}) is for 15,000.00 and dated ${sapDay}; ${record.trip} (cash advance record) is 15,000.00 with document date ${documentDay}: check it in SAP before adopting.`,
    );
    expect(await storedRow(h, 'cash', record.id)).toMatchObject({ status: 'unposted' });
  });

  it("needs the kind's Post permission besides Run Reconciliation", async () => {
    const [documentDay, sapDay] = [nairobiDay(-5), nairobiDay(-4)];
    const record = await cashRecord('15000.00', documentDay);
    const sap = await handMadeJournal(record.key, sapDay, 15000);
    const run = await reconcile(sapDay);
    expect(run.differences).toHaveLength(1);
    expect(run.differences[0]).toMatchObject({ idempotencyKey: record.key, adoptable: true });
    const url = `/api/v1/reconciliations/${run.id}/differences/0/adopt`;

    const reconciler = await userWith([PERMISSIONS.runReconciliation, PERMISSIONS.viewCashAdvances]);
    const refused = await reconciler.post(url);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toEqual({
      message:
        'You do not have the "Post Cash Advances" permission needed for this action. Ask an administrator to grant it to your role.',
    });
    expect(await storedRow(h, 'cash', record.id)).toMatchObject({ status: 'unposted', sapDocEntry: null });
    expect(await attemptsOf(record.id)).toEqual([]);

    const poster = await userWith([
      PERMISSIONS.runReconciliation,
      PERMISSIONS.viewCashAdvances,
      PERMISSIONS.postCashAdvances,
    ]);
    const adopted = await poster.post(url);
    expect(adopted.status, adopted.text).toBe(200);
    expect(adopted.body.message).toBe(
      `${record.trip} (cash advance record): marked posted with SAP's DocEntry ${sap.docEntry}, DocNum ${sap.docNum}.`,
    );
    expect(await storedRow(h, 'cash', record.id)).toMatchObject({
      status: 'posted',
      sapDocEntry: sap.docEntry,
      postingDate: sapDay,
    });
    expect((await reconcile(sapDay)).summary).toMatchObject({ matched: 1, notPostedHere: 0 });
  });
});
