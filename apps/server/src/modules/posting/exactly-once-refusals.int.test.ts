import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ff/contract';
import { createUser, signedIn } from '../../test/fixtures.js';
import { firstEntry, postedIds, salesEntry, useExactlyOnce } from '../../test/exactly-once.js';
import {
  attemptsOf,
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  makeRecords,
  monthOf,
  nairobiDay,
  recordRows,
  simConfig,
  storedRow,
} from '../../test/posting-harness.js';
import { recordNameOf, rowFailureOf } from '../../test/record-names.js';
import { PATHS } from '../../test/records-suite.js';

/**
 * The exactly-once protocol (docs/design/architecture.md section 6) when SAP refuses rows, when users post the same
 * rows at once, and when part of a batch fails; each claim proven by the simulator's read-back.
 */
const today = nairobiDay();
const p = useExactlyOnce();

describe('a SAP refusal (locked period)', () => {
  it("fails the row with SAP's text; it stays in the list; once the period is open again the re-post posts it once", async () => {
    const [id] = await makeRecords(p.h, 'transporter', 1);
    // Our copy of SAP's periods was read before SAP locked the period (posting-periods.int.test.ts covers the
    // refusal from a fresh copy), so the row reaches SAP and SAP itself refuses it.
    expect((await p.admin.get('/api/v1/posting-periods?refresh=1')).status).toBe(200);
    await p.h.sim.control('/__sim/periods/lock', { from: monthOf(today) });
    const response = await p.admin.post(PATHS.first, { postSap: [firstEntry(id!)] });
    expect(response.status).toBe(422);
    const refusal = await rowFailureOf(
      p.h,
      'firstJournal',
      id!,
      'Posting period locked; specify an alternative date',
    );
    expect(response.body.failed).toEqual([refusal]);
    expect(response.body.message).toBe(
      `The first journal transporter invoice could not be posted. ${refusal.message}`,
    );
    const listed = (await p.admin.get(PATHS.first)).body.data.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({
      status: 'failed',
      lastError: 'Posting period locked; specify an alternative date',
      supplierInvoiceNumber: `SUP-${id}`,
    });
    expect((await attemptsOf(p.h, 'FJ', id!)).map((a) => [a.outcome, a.errorCode])).toEqual([
      ['failed', '-4013'],
    ]);
    await expectNotInSap(p.h.sim, [keyOf('FJ', id!)]);

    await p.h.sim.control('/__sim/periods/unlock', { from: monthOf(today) });
    const again = await p.admin.post(PATHS.first, { postSap: [firstEntry(id!)] });
    expect(again.status).toBe(200);
    await expectPostedOnce(p.h.sim, [keyOf('FJ', id!)]);
    expect((await p.admin.get(PATHS.first)).body.data.some((r: { id: number }) => r.id === id)).toBe(false);
  });
});

describe('two users posting the same rows at the same moment', () => {
  it('post each row once; the other answer names the rows it refused', async () => {
    const [a, b, c, d] = (await makeRecords(p.h, 'sales', 4)) as [number, number, number, number];
    const permissions = [PERMISSIONS.viewSalesInvoices, PERMISSIONS.postSalesInvoices];
    const alice = await signedIn(p.h.server, await createUser(p.h.server, { permissions }));
    const bob = await signedIn(p.h.server, await createUser(p.h.server, { permissions }));
    await simConfig(p.h.sim, { latencyMs: [50, 150] });
    const [first, second] = await Promise.all([
      alice.post(PATHS.sales, { postSap: [a, b, c].map((id) => salesEntry(id)) }),
      bob.post(PATHS.sales, { postSap: [b, c, d].map((id) => salesEntry(id)) }),
    ]);
    // a is only alice's, d only bob's; b and c went to whoever claimed first.
    expect(postedIds(first.body)).toContain(a);
    expect(postedIds(second.body)).toContain(d);
    const winners = [...postedIds(first.body), ...postedIds(second.body)].sort((x, y) => x - y);
    expect(winners).toEqual([a, b, c, d].sort((x, y) => x - y));
    const refused = [...first.body.failed, ...second.body.failed] as { id: number; message: string }[];
    expect(refused.map((r) => r.id).sort((x, y) => x - y)).toEqual([b, c].sort((x, y) => x - y));
    for (const r of refused) {
      const name = await recordNameOf(p.h, 'salesInvoice', r.id);
      expect([`${name}: it is being posted right now.`, `${name}: it has already been posted.`]).toContain(
        r.message,
      );
    }
    const loser = first.body.failed.length ? first : second;
    expect(loser.status).toBe(422);
    for (const r of refused) expect(loser.body.message).toContain(r.message);
    await expectPostedOnce(
      p.h.sim,
      [a, b, c, d].map((id) => keyOf('SI', id)),
    );
  });

  it('the same rows in full, many times at once: still once each', async () => {
    const ids = await makeRecords(p.h, 'transporter', 10);
    const permissions = [PERMISSIONS.viewTransporterInvoices, PERMISSIONS.postTransporterInvoices];
    const users = await Promise.all(
      [0, 1, 2].map(async () => signedIn(p.h.server, await createUser(p.h.server, { permissions }))),
    );
    await simConfig(p.h.sim, { latencyMs: [10, 60] });
    const answers = await Promise.all(
      users.map((u) => u.post(PATHS.first, { postSap: ids.map((id) => firstEntry(id)) })),
    );
    const posted = answers.flatMap((r) => postedIds(r.body)).sort((x, y) => x - y);
    expect(posted).toEqual([...ids].sort((x, y) => x - y));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    await expectPostedOnce(
      p.h.sim,
      ids.map((id) => keyOf('FJ', id)),
    );
  });
});

describe('a batch where some rows fail', () => {
  it("answers 422 naming each failed row with SAP's reason; the others are posted; the failed stay listed", async () => {
    const lockedDay = nairobiDay(-40);
    const rows = await importRecords(p.h, 'sales', [
      recordRows.sales({ amount: '100.10' }),
      recordRows.sales({ customerCode: 'C99999' }),
      recordRows.sales({ amount: '200.20', documentDate: `${nairobiDay(-45)}T10:00:00` }),
      recordRows.sales({ amount: '300.30' }),
      recordRows.sales({ customerCode: 'C99998' }),
      recordRows.sales({ amount: '400.40', documentDate: `${nairobiDay(-45)}T10:00:00` }),
    ]);
    const [ok1, unknown1, locked1, ok2, unknown2, locked2] = rows as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    // Read before SAP locked the period: SAP refuses those rows itself (see the first test).
    expect((await p.admin.get('/api/v1/posting-periods?refresh=1')).status).toBe(200);
    await p.h.sim.control('/__sim/periods/lock', { from: monthOf(lockedDay) });
    const response = await p.admin.post(PATHS.sales, {
      postSap: [
        salesEntry(ok1),
        salesEntry(unknown1),
        salesEntry(locked1, lockedDay),
        salesEntry(ok2),
        salesEntry(unknown2),
        salesEntry(locked2, lockedDay),
      ],
    });
    expect(response.status).toBe(422);
    const unknownCustomer = 'No matching records found (ODBC -2028)';
    const lockedPeriod = 'Posting period locked; specify an alternative date';
    expect(response.body.failed).toEqual(
      [
        await rowFailureOf(p.h, 'salesInvoice', unknown1, unknownCustomer),
        await rowFailureOf(p.h, 'salesInvoice', locked1, lockedPeriod),
        await rowFailureOf(p.h, 'salesInvoice', unknown2, unknownCustomer),
        await rowFailureOf(p.h, 'salesInvoice', locked2, lockedPeriod),
      ].sort((x, y) => x.id - y.id),
    );
    expect(response.body.message).toBe(
      `4 of 6 sales invoices could not be posted; 2 posted. ${[...response.body.failed].map((f: { message: string }) => f.message).join(' ')}`,
    );
    expect(postedIds(response.body)).toEqual([ok1, ok2].sort((x, y) => x - y));
    const docs = await expectPostedOnce(p.h.sim, [keyOf('SI', ok1), keyOf('SI', ok2)]);
    expect(docs.map((d) => d.DocTotal)).toEqual([100.1, 300.3]);
    await expectNotInSap(
      p.h.sim,
      [unknown1, locked1, unknown2, locked2].map((id) => keyOf('SI', id)),
    );

    const list = (await p.admin.get(PATHS.sales)).body.data as {
      id: number;
      status: string;
      lastError: string | null;
      postingDate: string;
    }[];
    expect(
      list.filter((l) => rows.includes(l.id)).map((l) => [l.id, l.status, l.lastError, l.postingDate]),
    ).toEqual([
      [locked1, 'failed', lockedPeriod, lockedDay],
      [locked2, 'failed', lockedPeriod, lockedDay],
      [unknown1, 'failed', unknownCustomer, today],
      [unknown2, 'failed', unknownCustomer, today],
    ]);

    // Fixed (period open again): the locked rows post once, with the new posting date.
    await p.h.sim.control('/__sim/periods/unlock', {});
    const again = await p.admin.post(PATHS.sales, { postSap: [salesEntry(locked1), salesEntry(locked2)] });
    expect(again.status).toBe(200);
    const fixed = await expectPostedOnce(p.h.sim, [keyOf('SI', locked1), keyOf('SI', locked2)]);
    expect(fixed.map((d) => [d.DocDate, d.TaxDate, d.DocTotal])).toEqual([
      [today, nairobiDay(-45), 200.2],
      [today, nairobiDay(-45), 400.4],
    ]);
  });
});

describe('VAS posts without a queue in this process', () => {
  it('answer 503 and claim nothing', async () => {
    const [id] = await makeRecords(p.h, 'vas', 1);
    const response = await p.admin.post('/api/v1/journalVasTransaction', {
      postSap: [
        {
          vasTransactionId: id,
          sapAccountRevenue: await ledgerId(p.h, '410200'),
          sapAccountCost: await ledgerId(p.h, '510200'),
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe('The posting queue is not running; try again shortly.');
    expect(await storedRow(p.h, 'vas', id!)).toMatchObject({ status: 'unposted' });
  });
});
