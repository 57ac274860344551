import { postServiceLayerDocument } from '@ff/sap-sim';
import { DATE_TIME_PATTERN, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { expect } from 'vitest';
import { waitFor } from './fixtures.js';
import { postableRows, postBodyOf } from './kind-fixtures.js';
import { storedRow, type PostingHarness } from './posting-harness.js';
import type { TestClient } from './test-client.js';

/**
 * The steps of the reconciliation suite (modules/reconciliation/reconciliation.int.test.ts) through the API and
 * the simulator: posting records, running a reconciliation to its end, putting a journal in SAP behind our back.
 * `suite` answers the suite's harness and its signed-in administrator once its beforeAll has run.
 */
export function reconciliationSteps(suite: () => { h: PostingHarness; admin: TestClient }) {
  /** Posts `count` fresh records of a kind on `day` through its route; answers their ids. */
  async function post(kind: RecordKindName, day: string, count = 1): Promise<number[]> {
    const { h, admin } = suite();
    const ids = await postableRows(h, kind, count);
    const answer = await admin.post(RECORD_KINDS_PLAIN[kind].apiPath, await postBodyOf(h, kind, ids, day));
    expect([200, 202], answer.text).toContain(answer.status);
    return ids;
  }

  /** Starts a run over [from, to] and waits for it to finish; answers its detail. */
  async function reconcile(fromDate: string, toDate = fromDate) {
    const started = await suite().admin.post('/api/v1/reconciliations', { fromDate, toDate });
    expect(started.status, started.text).toBe(202);
    expect(started.body.data).toMatchObject({ fromDate, toDate, trigger: 'user', status: 'queued' });
    expect(started.body.data.createdAt).toMatch(DATE_TIME_PATTERN);
    return finished(started.body.data.id as number);
  }

  /** Waits for run `id` to end (done or failed); answers its detail. */
  async function finished(id: number) {
    return waitFor(
      async () => {
        const detail = await suite().admin.get(`/api/v1/reconciliations/${id}`);
        return ['done', 'failed'].includes(detail.body.data.status) && detail.body.data;
      },
      `reconciliation #${id}`,
      30_000,
    );
  }

  /** The trip number of a stored record. */
  const tripOf = async (kind: 'cash' | 'sales', id: number) =>
    String((await storedRow(suite().h, kind, id)).tripNumber);

  /** A cash advance journal carrying `key`, as another SAP client would post it. */
  const cashJournal = (key: string, day: string, amount = 15000) =>
    postServiceLayerDocument(suite().h.sim.url, 'JournalEntries', {
      ReferenceDate: day,
      Reference3: key,
      Memo: 'Posted outside Freight Finance',
      JournalEntryLines: [
        { ShortName: 'T20002', Debit: amount, Credit: 0 },
        { AccountCode: '110101', Debit: 0, Credit: amount },
      ],
    });

  return { post, reconcile, finished, tripOf, cashJournal };
}
