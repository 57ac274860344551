import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecords, makeRecords, recordRows, type PostingHarness } from '../../test/posting-harness.js';
import {
  first,
  ids,
  listed,
  PATHS,
  sale,
  second,
  startRecordsHarness,
  today,
} from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * The "still to post" lists of every kind: what they hold and the date filter, through the real HTTP API.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('lists: only rows still to post', () => {
  it("drops posted rows, keeps failed rows with status failed and SAP's reason", async () => {
    const [ok, unknownCustomer, waiting] = await importRecords(h, 'sales', [
      recordRows.sales(),
      recordRows.sales({ customerCode: 'C99999' }),
      recordRows.sales(),
    ]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(ok!), sale(unknownCustomer!)] });
    expect(response.status).toBe(422);
    const rows = await listed(admin, PATHS.sales, [ok!, unknownCustomer!, waiting!]);
    expect(rows.map((r) => r.id)).toEqual([unknownCustomer, waiting]);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      lastError: 'No matching records found (ODBC -2028)',
      postingDate: today,
    });
    expect(rows[1]).toMatchObject({ status: 'unposted', lastError: null, postingDate: null });
  });

  it('lists a transporter invoice for the second journal only once its first journal is posted, until the second is', async () => {
    const [a, b] = await makeRecords(h, 'transporter', 2);
    expect(await listed(admin, PATHS.first, [a!, b!])).toHaveLength(2);
    expect(await listed(admin, PATHS.second, [a!, b!])).toEqual([]);

    expect((await admin.post(PATHS.first, { postSap: [first(a!, 'SUP-INV-77')] })).status).toBe(200);
    expect((await listed(admin, PATHS.first, [a!, b!])).map((r) => r.id)).toEqual([b]);
    const secondList = await listed(admin, PATHS.second, [a!, b!]);
    expect(secondList.map((r) => r.id)).toEqual([a]);
    // The supplier invoice number typed for the first journal is shown (read-only) on the second.
    expect(secondList[0]).toMatchObject({
      supplierInvoiceNumber: 'SUP-INV-77',
      status: 'unposted',
      postingDate: null,
    });
    expect(secondList[0]!.firstJournalPostedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await admin.post(PATHS.second, { postSap: [second(a!)] })).status).toBe(200);
    expect(await listed(admin, PATHS.second, [a!, b!])).toEqual([]);
    expect((await listed(admin, PATHS.first, [a!, b!])).map((r) => r.id)).toEqual([b]);
  });

  it('filters fromDate..toDate as whole days in Africa/Nairobi, both ends included, on every list', async () => {
    // 2025-03-10 in Nairobi (UTC+3) runs from 2025-03-09T21:00:00Z to 2025-03-10T20:59:59Z.
    const dates = {
      before: '2025-03-09T23:59:59',
      startOfDay: '2025-03-10T00:00:00',
      startOfDayUtc: '2025-03-09T21:00:00Z',
      endOfDay: '2025-03-10T23:59:59',
      lateUtc: '2025-03-10T21:00:00Z', // already 2025-03-11 in Nairobi
      after: '2025-03-11T00:00:00',
    };
    const inside = ['startOfDay', 'startOfDayUtc', 'endOfDay'];
    const kinds = ['sales', 'transporter', 'cash', 'fuel', 'vas'] as const;
    const created: Record<string, Record<string, number>> = {};
    for (const kind of kinds) {
      const names = Object.keys(dates);
      const rowIds = await importRecords(
        h,
        kind,
        names.map((n) => recordRows[kind]({ documentDate: dates[n as keyof typeof dates] })),
      );
      created[kind] = Object.fromEntries(names.map((n, i) => [n, rowIds[i]!]));
    }
    const query = '?fromDate=2025-03-10&toDate=2025-03-10';
    const expectDay = async (path: string, kind: string) => {
      const response = await admin.get(`${path}${query}`);
      expect(response.status).toBe(200);
      const all = Object.values(created[kind]!);
      expect(
        ids(response)
          .filter((id) => all.includes(id))
          .sort(),
      ).toEqual(inside.map((n) => created[kind]![n]!).sort());
      // Open ends: from only, to only.
      const from = ids(await admin.get(`${path}?fromDate=2025-03-11`))
        .filter((id) => all.includes(id))
        .sort();
      expect(from).toEqual([created[kind]!.lateUtc!, created[kind]!.after!].sort());
      const to = ids(await admin.get(`${path}?toDate=2025-03-09`)).filter((id) => all.includes(id));
      expect(to).toEqual([created[kind]!.before]);
    };
    await expectDay(PATHS.sales, 'sales');
    await expectDay(PATHS.first, 'transporter');
    await expectDay(PATHS.cash, 'cash');
    await expectDay(PATHS.fuel, 'fuel');
    await expectDay(PATHS.vas, 'vas');
    // The second journal list filters the same way once the first journals are posted.
    const transporterIds = Object.values(created.transporter!);
    const posted = await admin.post(PATHS.first, { postSap: transporterIds.map((id) => first(id)) });
    expect(posted.status).toBe(200);
    await expectDay(PATHS.second, 'transporter');
    // Dates are shown in Nairobi time.
    const row = (await listed(admin, `${PATHS.sales}${query}`, [created.sales!.startOfDayUtc!]))[0]!;
    expect(row.documentDate).toBe('2025-03-10 00:00:00');
  });

  it('rejects a malformed date filter with 422', async () => {
    const response = await admin.get(`${PATHS.sales}?fromDate=10-03-2025`);
    expect(response.status).toBe(422);
  });
});
