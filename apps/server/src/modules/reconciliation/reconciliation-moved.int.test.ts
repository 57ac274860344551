import { RECORD_KINDS_PLAIN, type ReconciliationDifference, type RecordKindName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/fixtures.js';
import { postableRows, postBodyOf } from '../../test/kind-fixtures.js';
import {
  nairobiDay,
  startPostingHarness,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { keyOf } from '../../test/record-keys.js';

/**
 * A posting whose SAP document was moved to a date far outside the run's range (issue 21, item 7): SAP still
 * holds it under our key, so the run must say its date differs, not that SAP has none. The keys SAP did not
 * show in the range are looked up without a date, several per request.
 */
const POSTED_DAY = nairobiDay(-2);
const FAR_BACK = nairobiDay(-45);

let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness();
  admin = await h.signInAsAdmin();
}, 120_000);
afterAll(() => h?.close());

async function post(kind: RecordKindName, count: number): Promise<number[]> {
  const ids = await postableRows(h, kind, count);
  const answer = await admin.post(
    RECORD_KINDS_PLAIN[kind].apiPath,
    await postBodyOf(h, kind, ids, POSTED_DAY),
  );
  expect(answer.status, answer.text).toBe(200);
  return ids;
}

const requestsTo = async (entity: string) => (await h.sim.stats()).requests[entity] ?? 0;

describe('a posting whose SAP date was moved out of the range', () => {
  it('is reported as date_differs with both dates, and only a deleted one as missing in SAP', async () => {
    const cash = await post('cashAdvance', 3);
    const [sale] = await post('salesInvoice', 1);
    const [movedBack, movedAhead, deleted] = cash.map((id) => keyOf('CA', id));
    const movedInvoice = keyOf('SI', sale);
    await h.sim.control('/__sim/documents/alter', { reference: movedBack, date: FAR_BACK });
    await h.sim.control('/__sim/documents/alter', { reference: movedAhead, date: nairobiDay(-20) });
    await h.sim.control('/__sim/documents/alter', { reference: movedInvoice, date: FAR_BACK });
    await h.sim.control('/__sim/documents/delete', { reference: deleted });
    const before = { journals: await requestsTo('JournalEntries'), invoices: await requestsTo('Invoices') };

    // The last week, as the nightly run and the screen's default cover it.
    const started = await admin.post('/api/v1/reconciliations', {
      fromDate: nairobiDay(-7),
      toDate: nairobiDay(-1),
    });
    expect(started.status, started.text).toBe(202);
    const run = await waitFor(
      async () => {
        const detail = (await admin.get(`/api/v1/reconciliations/${started.body.data.id}`)).body.data;
        return detail.status === 'done' && detail;
      },
      'the reconciliation',
      30_000,
    );
    expect(run.summary).toEqual({
      matched: 0,
      missingInSap: 1,
      cancelledInSap: 0,
      notPostedHere: 0,
      duplicateInSap: 0,
      amountDiffers: 0,
      dateDiffers: 3,
    });
    const byKey: Record<string, ReconciliationDifference> = Object.fromEntries(
      (run.differences as ReconciliationDifference[]).map((d) => [d.idempotencyKey, d]),
    );
    const trip = String((await storedRow(h, 'cash', cash[0]!)).tripNumber);
    expect(byKey[movedBack!]).toMatchObject({
      type: 'date_differs',
      ours: { amount: '15000.00', postingDate: POSTED_DAY },
      sap: { amount: '15000.00', postingDate: FAR_BACK },
    });
    expect(byKey[movedBack!]!.message).toBe(
      `${trip} (cash advance record): the posting date here is ${POSTED_DAY} but SAP's DocEntry ${byKey[movedBack!]!.sapDocEntry} has ${FAR_BACK}.`,
    );
    expect(byKey[movedAhead!]).toMatchObject({ type: 'date_differs', sap: { postingDate: nairobiDay(-20) } });
    expect(byKey[movedInvoice]).toMatchObject({
      type: 'date_differs',
      kind: 'journalSaleInvoice',
      ours: { postingDate: POSTED_DAY },
      sap: { postingDate: FAR_BACK },
    });
    expect(byKey[deleted!]).toMatchObject({ type: 'missing_in_sap', sap: null });

    // Per entity set: the documents of the range (with its margin), then one look-up for all its missing keys.
    expect((await requestsTo('JournalEntries')) - before.journals).toBe(2);
    expect((await requestsTo('Invoices')) - before.invoices).toBe(2);
  });
});
