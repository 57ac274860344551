import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  recordRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { rowFailureOf } from '../../test/record-names.js';
import { PATHS, sale, startRecordsHarness, today } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * A SAP company that uses branches (issue 25): every document carries the record's branch (import field `branch`),
 * else SAP's main branch; a branch SAP does not have, a disabled one, or none at all is refused before SAP. A
 * company without branches gets the spec's documents (every other suite).
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  await h.sim.control('/__sim/company', { EnableBranches: 'tYES' });
}, 120_000);
afterAll(() => h?.close());

const cashBody = async (id: number) => ({
  postSap: [{ cashAdvanceId: id, sapAccount: await ledgerId(h, '110101'), postingDate: today }],
});

describe('a SAP company with branches', () => {
  it("a USD cash advance carries its branch on every journal line; an invoice without one, SAP's main branch", async () => {
    const [cash] = await importRecords(h, 'cash', [recordRows.cash({ currency: 'USD', branch: '2' })]);
    const [sales] = await importRecords(h, 'sales', [recordRows.sales({})]);
    expect((await admin.post(PATHS.cash, await cashBody(cash!))).status).toBe(200);
    expect((await admin.post(PATHS.sales, { postSap: [sale(sales!)] })).status).toBe(200);
    const [journal, invoice] = await expectPostedOnce(h.sim, [keyOf('CA', cash!), keyOf('SI', sales!)]);
    expect(journal!.JournalEntryLines.map((l: { BPLID: number }) => l.BPLID)).toEqual([2, 2]);
    expect(journal!.JournalEntryLines[0]).toMatchObject({ FCCurrency: 'USD' });
    expect(invoice).toMatchObject({ BPL_IDAssignedToInvoice: 1 });
  });

  it('refuses, before SAP, a branch SAP does not have, a disabled one, and none when SAP has no main branch', async () => {
    const ids = await importRecords(h, 'cash', [
      recordRows.cash({ branch: '99' }),
      recordRows.cash({ branch: '4' }),
      recordRows.cash({}),
    ]);
    await h.sim.control('/__sim/business-places', { BPLID: 1, MainBPL: 'tNO' });
    try {
      const ledger = await ledgerId(h, '110101');
      const response = await admin.post(PATHS.cash, {
        postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: ledger, postingDate: today })),
      });
      expect(response.status).toBe(422);
      expect(response.body.failed).toEqual([
        await rowFailureOf(h, 'cashAdvance', ids[0]!, 'the branch 99 does not exist in SAP.'),
        await rowFailureOf(h, 'cashAdvance', ids[1]!, 'the branch 4 is inactive in SAP.'),
        await rowFailureOf(
          h,
          'cashAdvance',
          ids[2]!,
          'the SAP company uses branches and this record has none; send its branch (import field branch) or set a main branch in SAP.',
        ),
      ]);
    } finally {
      await h.sim.control('/__sim/business-places', { BPLID: 1, MainBPL: 'tYES' });
    }
    await expectNotInSap(
      h.sim,
      ids.map((id) => keyOf('CA', id)),
    );
  });

  it('an import refuses a branch that is not a whole number from 1', async () => {
    const report = await h.app.services.imports.importJson(
      'cash-advances',
      [recordRows.cash({ branch: 'Mombasa' })],
      { context: { actor: { id: null, name: 'Posting tests' }, ip: '127.0.0.1' }, via: 'in a test' },
    );
    expect(JSON.stringify(report.rejected)).toContain(
      `must be SAP's branch number (BPLID, e.g. 2), not \\"Mombasa\\"`,
    );
  });
});
