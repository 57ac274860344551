import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingHarness } from '../../test/posting-harness.js';
import { ids, PATHS, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { rowsInYear, yearQuery } from './testing/list-rows.js';

/**
 * The lists' search through the real HTTP API (docs/decisions/013-server-side-lists.md): a case-insensitive
 * substring of any column the screen shows (the registry's searchFields), the user's `%`, `_` and `\` taken
 * literally, never matching across two columns; with paging, the total counts the matching rows.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('searching the sales invoices', () => {
  const YEAR = 2012;
  let rows: Record<string, number>;
  beforeAll(async () => {
    const made = await rowsInYear(h, admin, 'salesInvoice', YEAR, [
      {
        clientName: 'Bidco Africa Ltd',
        cargoRef: 'MEDU1234567',
        truckNumber: 'KDQ 777Z',
        amount: '176500.00',
      },
      {
        clientName: 'Kapa Oil Refineries',
        cargoRef: 'DISC-50%-OFF',
        truckNumber: 'KCB 900A',
        amount: '42.10',
      },
      { clientName: 'Unga Group', cargoRef: 'DISC-50X-OFF', route: 'Kisumu_Busia', amount: '880.00' },
      { clientName: 'Mabati Rolling', cargoRef: 'C:\\loads\\7', route: 'KisumuXBusia', amount: '9.99' },
    ]);
    rows = Object.fromEntries(['bidco', 'kapa', 'unga', 'mabati'].map((n, i) => [n, made[i]!]));
  });
  const found = async (search: string, more: Record<string, string | number> = {}) => {
    const response = await admin.get(`${PATHS.sales}${yearQuery(YEAR, { search, ...more })}`);
    expect(response.status).toBe(200);
    return ids(response);
  };

  it('matches a substring of any shown column, whatever its case', async () => {
    expect(await found('bidco africa')).toEqual([rows.bidco]);
    expect(await found('kdq 77')).toEqual([rows.bidco]);
    expect(await found('medu12')).toEqual([rows.bidco]);
    expect(await found('OIL')).toEqual([rows.kapa]);
    // Money as its decimal text.
    expect(await found('176500')).toEqual([rows.bidco]);
    expect(await found('42.1')).toEqual([rows.kapa]);
    // Surrounding blanks are not part of the search; a blank search is none.
    expect(await found('  unga  ')).toEqual([rows.unga]);
    expect(await found('   ')).toEqual([rows.bidco, rows.kapa, rows.unga, rows.mabati]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await found('50%')).toEqual([rows.kapa]);
    expect(await found('%')).toEqual([rows.kapa]);
    expect(await found('kisumu_b')).toEqual([rows.unga]);
    expect(await found('c:\\loads\\')).toEqual([rows.mabati]);
  });

  it('does not match across two columns, nor columns the screen does not show', async () => {
    // clientName 'Bidco Africa Ltd' is followed by cargoRef 'MEDU1234567'.
    expect(await found('Ltd MEDU')).toEqual([]);
    expect(await found('LtdMEDU')).toEqual([]);
    // The customer code is stored but not shown.
    expect(await found('C10001')).toEqual([]);
  });

  it('pages the matching rows, the total counting them all, and sorts them', async () => {
    const response = await admin.get(
      `${PATHS.sales}${yearQuery(YEAR, { search: 'disc-50', page: 1, perPage: 1, sort: 'clientName:desc' })}`,
    );
    expect(response.body).toEqual({
      data: [expect.objectContaining({ id: rows.unga })],
      meta: { total: 2, page: 1, perPage: 1 },
    });
    const none = await admin.get(`${PATHS.sales}${yearQuery(YEAR, { search: 'no such text', page: 1 })}`);
    expect(none.body).toEqual({ data: [], meta: { total: 0, page: 1, perPage: 100 } });
  });
});

describe.each(RECORD_KIND_NAMES.map((kind, i) => [kind, 2014 + i] as const))(
  'the search of %s',
  (kind, year) => {
    it('finds a row by the value each of its search fields shows', async () => {
      const entry = RECORD_KINDS_PLAIN[kind];
      // One row per search field holding a marker there (money and quantities a distinctive number).
      const fields = entry.searchFields as readonly string[];
      const rowIds = await rowsInYear(
        h,
        admin,
        kind,
        year,
        fields.map((field, i) => ({ [field]: markerFor(field, i) })),
      );
      // Search for what the list shows (the second journal shows the supplier invoice number typed when
      // the first journal was posted, SUP-<id>, in place of the imported one).
      const shown = (await admin.get(`${entry.apiPath}${yearQuery(year)}`)).body.data as Record<
        string,
        unknown
      >[];
      expect(shown.map((row) => row.id)).toEqual(rowIds);
      for (const [i, field] of fields.entries()) {
        const search = String(shown[i]![field]);
        if (field !== 'supplierInvoiceNumber') expect(search).toContain(markerFor(field, i));
        const response = await admin.get(`${entry.apiPath}${yearQuery(year, { search })}`);
        expect(ids(response), field).toEqual([rowIds[i]]);
      }
    });
  },
);

/** A value for a search field that no other row of the test holds (and that the import takes). */
function markerFor(field: string, i: number): string {
  if (field === 'containerNumber') return 'ZQXU7654321'; // ISO 6346, check digit included
  if (field === 'containerSize') return '20ft'; // the other rows: 40ft or none
  if (/amount|price|quantity/i.test(field)) return `${7_654_321 + i}.${i < 10 ? '0' : ''}${i}`;
  return `Zq${i}X`;
}
