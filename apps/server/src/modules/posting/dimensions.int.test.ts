import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconciliationWorker } from '../../jobs/reconciliation.job.js';
import { desc } from 'drizzle-orm';
import { audits } from '../../db/schema.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  nairobiDay,
  recordRows,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { reconciliationSteps } from '../../test/reconciliation-steps.js';
import { rowFailureOf } from '../../test/record-names.js';
import { PATHS, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Cost centres (issue 25): the rules an administrator keeps in Settings > Dimensions choose SAP's distribution
 * rule of each dimension from a record's truck number and route; every line of its document carries them
 * (CostingCode, CostingCode2 ...), and a code SAP would refuse is refused before SAP, naming the dimension.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  await startReconciliationWorker(h.queue!, h.app.services.afterPosting.reconciliation);
  await h.sim.control('/__sim/company', { EnableBranches: 'tYES' });
}, 120_000);
afterAll(() => h?.close());

const { reconcile } = reconciliationSteps(() => ({ h, admin }));
const TRUCK = 'KCA 123A / ZE 1234';
const RULES = {
  rules: [
    { dimension: 1, field: 'truckNumber', codes: [{ value: TRUCK, code: 'KCA123A' }], defaultCode: null },
    {
      dimension: 2,
      field: 'route',
      codes: [{ value: 'Mombasa - Nairobi', code: 'MSA-NBO' }],
      defaultCode: 'NBO-KLA',
    },
  ],
};
const saveRules = (body: unknown) =>
  admin.request({ method: 'PUT', url: '/api/v1/settings/dimensions', body });
const ledgerPost = async (path: string, entry: Record<string, unknown>, day: string) =>
  admin.post(path, { postSap: [{ ...entry, sapAccount: await ledgerId(h, '110101'), postingDate: day }] });

describe('cost centres from Settings > Dimensions', () => {
  it('an administrator keeps the rules; bad ones are refused with the field named', async () => {
    const saved = await saveRules(RULES);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(RULES);
    expect((await admin.get('/api/v1/settings/dimensions')).body.data).toEqual(RULES);
    const [audit] = await h.database.db.select().from(audits).orderBy(desc(audits.id)).limit(1);
    expect(audit!.event).toBe(
      'Updated the dimensions (cost centres): dimension 1 = truck number (1 values, default none); dimension 2 = route (1 values, default NBO-KLA)',
    );

    const twice = await saveRules({ rules: [RULES.rules[0], RULES.rules[0]] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.rules).toEqual(['Each dimension may have one rule.']);
    const long = await saveRules({ rules: [{ ...RULES.rules[0], defaultCode: 'TOO-LONG-CODE' }] });
    expect(long.status).toBe(422);
    expect(long.body.errors['rules.0.defaultCode']).toEqual([
      "A distribution rule code is at most 8 characters (SAP's FactorCode).",
    ]);
  });

  it('a USD cash advance and a KES fuel advance carry their cost centres and branch, and reconcile to zero', async () => {
    expect((await saveRules(RULES)).status).toBe(200);
    const day = nairobiDay(-1);
    await h.sim.control('/__sim/rates', { Currency: 'USD', Date: day, Rate: 129.5 });
    const [cash] = await importRecords(h, 'cash', [
      recordRows.cash({
        amount: '300.00',
        currency: 'USD',
        branch: '2',
        truckNumber: TRUCK,
        route: 'Mombasa - Nairobi',
      }),
    ]);
    const [fuel] = await importRecords(h, 'fuel', [
      recordRows.fuel({ currency: 'KES', truckNumber: 'KDA 999Z / ZE 1', route: 'Nairobi - Kisumu' }),
    ]);
    expect((await ledgerPost(PATHS.cash, { cashAdvanceId: cash }, day)).status).toBe(200);
    const origin = String((await storedRow(h, 'fuel', fuel!)).originQuantity);
    const fuelEntry = { fuelAdvanceId: fuel, collectedQuantity: origin, orderNumber: `PO-${fuel}` };
    expect((await ledgerPost(PATHS.fuel, fuelEntry, day)).status).toBe(200);

    const [cashDoc, fuelDoc] = await expectPostedOnce(h.sim, [keyOf('CA', cash!), keyOf('FA', fuel!)]);
    for (const line of cashDoc!.JournalEntryLines)
      expect(line).toMatchObject({
        CostingCode: 'KCA123A',
        CostingCode2: 'MSA-NBO',
        BPLID: 2,
        FCCurrency: 'USD',
      });
    expect(cashDoc!.JournalEntryLines[0]).toMatchObject({ FCDebit: 300, Debit: 38850 });
    // An unlisted truck has no default (no CostingCode); an unlisted route takes dimension 2's default.
    for (const line of fuelDoc!.JournalEntryLines) {
      expect(line).toMatchObject({ CostingCode2: 'NBO-KLA', BPLID: 1 });
      expect(line.CostingCode ?? '').toBe('');
    }

    const run = await reconcile(day);
    expect(run.differences).toEqual([]);
    expect(run.summary).toMatchObject({ matched: 2 });
  });

  it('refuses, before SAP, a rule SAP does not have, an inactive one and one of another dimension', async () => {
    const ids = await importRecords(h, 'cash', [
      recordRows.cash({ truckNumber: 'KBZ 001Z / ZE 9', route: 'Mombasa - Nairobi' }),
      recordRows.cash({ truckNumber: TRUCK, route: 'Mombasa - Kampala via Busia' }),
      recordRows.cash({ truckNumber: TRUCK, route: 'Mombasa - Nairobi' }),
    ]);
    expect(
      (
        await saveRules({
          rules: [
            {
              ...RULES.rules[0],
              codes: [...RULES.rules[0]!.codes, { value: 'KBZ 001Z / ZE 9', code: 'KBZ001Z' }],
            },
            {
              ...RULES.rules[1],
              codes: [...RULES.rules[1]!.codes, { value: 'Mombasa - Kampala via Busia', code: 'OPS' }],
            },
            { dimension: 3, field: null, codes: [], defaultCode: 'ZZZ' },
          ],
        })
      ).status,
    ).toBe(200);
    try {
      const ledger = await ledgerId(h, '110101');
      const response = await admin.post(PATHS.cash, {
        postSap: ids.map((id) => ({ cashAdvanceId: id, sapAccount: ledger, postingDate: nairobiDay(-1) })),
      });
      expect(response.status).toBe(422);
      expect(response.body.failed).toEqual([
        await rowFailureOf(
          h,
          'cashAdvance',
          ids[0]!,
          'the distribution rule KBZ001Z for dimension 1 (truck number) is inactive in SAP.',
        ),
        await rowFailureOf(
          h,
          'cashAdvance',
          ids[1]!,
          "the distribution rule OPS is in SAP's dimension 3, not dimension 2.",
        ),
        await rowFailureOf(
          h,
          'cashAdvance',
          ids[2]!,
          'the distribution rule ZZZ for dimension 3 does not exist in SAP.',
        ),
      ]);
      await expectNotInSap(
        h.sim,
        ids.map((id) => keyOf('CA', id)),
      );
    } finally {
      expect((await saveRules({ rules: [] })).status).toBe(200);
    }
    // Without rules the documents carry no distribution rules, as the spec's.
    const ledger = await ledgerId(h, '110101');
    expect((await ledgerPost(PATHS.cash, { cashAdvanceId: ids[2] }, nairobiDay(-1))).status).toBe(200);
    expect(ledger).toBeGreaterThan(0);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('CA', ids[2]!)]);
    expect(doc!.JournalEntryLines[0].CostingCode ?? '').toBe('');
  });
});
