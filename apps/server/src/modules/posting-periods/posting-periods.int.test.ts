import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ff/contract';
import { createUser, signedIn } from '../../test/fixtures.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  monthOf,
  nairobiDay,
  recordRows,
  simConfig,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { recordNameOf } from '../../test/record-names.js';
import { first, PATHS, sale, second, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Issue 11: SAP's posting periods (read from SAP, kept 5 minutes, re-read on demand), rows dated in a locked or
 * closing period refused before SAP is called, a second journal never dated before its first, and a supplier
 * invoice number used twice for one transporter only with the user's confirmation.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

const PERIODS = '/api/v1/posting-periods';
const CHECK = `${PATHS.first}/supplier-invoice-check`;
/** A day of last month or the one before: its period can be locked without touching today's. */
const pastDay = nairobiDay(-40);
const pastMonth = monthOf(pastDay);
const periodOf = (body: { data: { code: string; status: string }[] }, code: string) =>
  body.data.find((period) => period.code === code);
/** JournalEntries and Invoices SAP created so far. */
const created = async () => {
  const { created: counts } = await h.sim.stats();
  return (counts.JournalEntries ?? 0) + (counts.Invoices ?? 0);
};

describe('GET /api/v1/posting-periods', () => {
  it('answers 503 while SAP cannot be reached and no periods were read yet', async () => {
    await simConfig(h.sim, { errorRate: 1 });
    try {
      const response = await admin.get(PERIODS);
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/^SAP's posting periods could not be read: /);
    } finally {
      await simConfig(h.sim, { errorRate: 0 });
    }
  });

  it("answers SAP's periods, kept until refresh=1 reads SAP again", async () => {
    const open = await admin.get(`${PERIODS}?refresh=1`);
    expect(open.status).toBe(200);
    expect(periodOf(open.body, pastMonth)).toEqual({
      code: pastMonth,
      name: pastMonth,
      from: `${pastMonth}-01`,
      to: expect.stringMatching(new RegExp(`^${pastMonth}-(28|29|30|31)$`)),
      status: 'open',
    });
    // Any signed-in user may read them.
    const clerk = await signedIn(h.server, await createUser(h.server, { permissions: [] }));
    expect((await clerk.get(PERIODS)).status).toBe(200);

    await h.sim.control('/__sim/periods/lock', { from: pastMonth });
    expect(periodOf((await admin.get(PERIODS)).body, pastMonth)?.status).toBe('open');
    expect(periodOf((await admin.get(`${PERIODS}?refresh=1`)).body, pastMonth)?.status).toBe('locked');

    await h.sim.control('/__sim/periods/close', { from: pastMonth });
    expect(periodOf((await admin.get(`${PERIODS}?refresh=1`)).body, pastMonth)?.status).toBe('closed');
    await h.sim.control('/__sim/periods/unlock', {});
    expect(periodOf((await admin.get(`${PERIODS}?refresh=1`)).body, pastMonth)?.status).toBe('open');
  });
});

describe('posting into a locked or closing period', () => {
  it('is refused before SAP is called, naming the trip, the kind and the period; reopened, it posts', async () => {
    const [locked, closing, fine] = await importRecords(h, 'sales', [
      recordRows.sales({ documentDate: `${nairobiDay(-45)}T10:00:00` }),
      recordRows.sales({ documentDate: `${nairobiDay(-45)}T10:00:00` }),
      recordRows.sales(),
    ]);
    await h.sim.control('/__sim/periods/lock', { from: pastMonth });
    // What the date picker does when the screen opens: the server's copy now knows the period is locked.
    await admin.get(`${PERIODS}?refresh=1`);
    const before = await created();

    const response = await admin.post(PATHS.sales, { postSap: [sale(locked!, pastDay), sale(fine!)] });
    expect(response.status).toBe(422);
    const refusal = `${await recordNameOf(h, 'salesInvoice', locked!)}: posting period ${pastMonth} is locked in SAP.`;
    expect(response.body.failed).toEqual([{ id: locked, message: refusal }]);
    expect(response.body.message).toBe(`1 of 2 sales invoices could not be posted; 1 posted. ${refusal}`);
    expect(await created()).toBe(before + 1);
    await expectNotInSap(h.sim, [keyOf('SI', locked!)]);
    // Refused before anything was claimed: still listed as it was, with no error of SAP's.
    expect(await storedRow(h, 'sales', locked!)).toMatchObject({ status: 'unposted', lastError: null });

    await h.sim.control('/__sim/periods/close', { from: pastMonth });
    await admin.get(`${PERIODS}?refresh=1`);
    const closed = await admin.post(PATHS.sales, { postSap: [sale(closing!, pastDay)] });
    expect(closed.body.failed).toEqual([
      {
        id: closing,
        message: `${await recordNameOf(h, 'salesInvoice', closing!)}: posting period ${pastMonth} is closed in SAP.`,
      },
    ]);
    await expectNotInSap(h.sim, [keyOf('SI', closing!)]);

    // Reopened in SAP a moment ago: the server's copy still says closed, so it asks SAP again before refusing.
    await h.sim.control('/__sim/periods/unlock', {});
    const again = await admin.post(PATHS.sales, {
      postSap: [sale(locked!, pastDay), sale(closing!, pastDay)],
    });
    expect(again.status).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('SI', locked!), keyOf('SI', closing!)]);
  });
});

describe("a second journal's posting date", () => {
  it("may not be before its first journal's; the same day or later posts", async () => {
    const [early, sameDay] = await importRecords(h, 'transporter', [
      recordRows.transporter({ documentDate: `${nairobiDay(-10)}T09:00:00` }),
      recordRows.transporter({ documentDate: `${nairobiDay(-10)}T09:00:00` }),
    ]);
    const fj = await admin.post(PATHS.first, {
      postSap: [
        first(early!, `SUP-E-${early}`, nairobiDay(-3)),
        first(sameDay!, `SUP-S-${sameDay}`, nairobiDay(-3)),
      ],
    });
    expect(fj.status).toBe(200);
    const listedRow = (await admin.get(PATHS.second)).body.data.find((r: { id: number }) => r.id === early);
    expect(listedRow.firstJournalPostingDate).toBe(nairobiDay(-3));

    const refused = await admin.post(PATHS.second, { postSap: [second(early!, nairobiDay(-4))] });
    expect(refused.status).toBe(422);
    expect(refused.body.failed).toEqual([
      {
        id: early,
        message:
          `${await recordNameOf(h, 'secondJournal', early!)}: its posting date ${nairobiDay(-4)} is before its ` +
          `first journal's posting date ${nairobiDay(-3)}; pick ${nairobiDay(-3)} or later.`,
      },
    ]);
    await expectNotInSap(h.sim, [keyOf('SJ', early!)]);

    const posted = await admin.post(PATHS.second, {
      postSap: [second(early!, nairobiDay(-1)), second(sameDay!, nairobiDay(-3))],
    });
    expect(posted.status).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('SJ', early!), keyOf('SJ', sameDay!)]);
  });
});

describe('a supplier invoice number already used for the transporter', () => {
  it('is refused unless confirmed; other transporters and other numbers are not affected', async () => {
    const [used, again, confirmed, otherTransporter, twinA, twinB] = await importRecords(h, 'transporter', [
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20005' }),
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20001' }),
    ]);
    const number = `SINV-${used}`;
    expect((await admin.post(PATHS.first, { postSap: [first(used!, number)] })).status).toBe(200);
    const usedTrip = (await storedRow(h, 'transporter', used!)).tripNumber as string;

    // The same number, in another case and with spaces: the same supplier invoice.
    const refused = await admin.post(PATHS.first, { postSap: [first(again!, ` ${number.toLowerCase()} `)] });
    expect(refused.status).toBe(422);
    expect(refused.body.failed).toEqual([
      {
        id: again,
        message:
          `${await recordNameOf(h, 'firstJournal', again!)}: supplier invoice ${number.toLowerCase()} is ` +
          `already used for this transporter on ${usedTrip}; confirm to post it anyway.`,
      },
    ]);
    await expectNotInSap(h.sim, [keyOf('FJ', again!)]);
    expect(await storedRow(h, 'transporter', again!)).toMatchObject({ fjStatus: 'unposted' });

    const ok = await admin.post(PATHS.first, {
      postSap: [
        { ...first(confirmed!, number), allowDuplicateSupplierInvoice: true },
        first(otherTransporter!, number),
      ],
    });
    expect(ok.status).toBe(200);
    await expectPostedOnce(h.sim, [keyOf('FJ', confirmed!), keyOf('FJ', otherTransporter!)]);

    // Two rows of one request with one new number: the first takes it, the second needs the confirmation.
    const twins = await admin.post(PATHS.first, {
      postSap: [first(twinA!, `NEW-${twinA}`), first(twinB!, `NEW-${twinA}`)],
    });
    expect(twins.status).toBe(422);
    expect(twins.body.posted.map((p: { id: number }) => p.id)).toEqual([twinA]);
    expect(twins.body.failed.map((f: { id: number }) => f.id)).toEqual([twinB]);
    expect(twins.body.failed[0].message).toContain(`supplier invoice NEW-${twinA} is already used`);
  });

  it('is found while typing: the other records carrying it, for users who may view transporter invoices', async () => {
    const [used, typing, stranger] = await importRecords(h, 'transporter', [
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20001' }),
      recordRows.transporter({ transporterCode: 'T20005' }),
    ]);
    const number = `CHK-${used}`;
    expect((await admin.post(PATHS.first, { postSap: [first(used!, number)] })).status).toBe(200);
    const usedRow = await storedRow(h, 'transporter', used!);
    const ask = (client: TestClient, id: number, value: string) =>
      client.get(`${CHECK}?${new URLSearchParams({ transporterInvoice: String(id), number: value })}`);

    const found = await ask(admin, typing!, ` ${number.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      data: {
        usedOn: [
          {
            tripNumber: usedRow.tripNumber,
            postedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          },
        ],
      },
    });
    // Its own record does not count, nor does another transporter's.
    expect((await ask(admin, used!, number)).body.data.usedOn).toEqual([]);
    expect((await ask(admin, stranger!, number)).body.data.usedOn).toEqual([]);
    expect((await ask(admin, 987_654, number)).status).toBe(404);
    expect((await ask(admin, typing!, '  ')).status).toBe(422);

    const viewer = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewTransporterInvoices] }),
    );
    expect((await ask(viewer, typing!, number)).status).toBe(200);
    const other = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewSalesInvoices] }),
    );
    expect((await ask(other, typing!, number)).status).toBe(403);
  });
});
