import { MAX_PER_PAGE, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingHarness } from '../../test/posting-harness.js';
import { ids, PATHS, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { rowsInYear, yearQuery } from './testing/list-rows.js';

/**
 * Paged lists through the real HTTP API (docs/decisions/013-server-side-lists.md): `page` and `perPage`
 * answer one page and its meta on every kind of the registry, `sort` orders by a row field (then document
 * date and id), and a query the list cannot answer is a 422 naming what is wrong.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe.each(RECORD_KIND_NAMES.map((kind, i) => [kind, 2001 + i] as const))(
  'the paged list of %s',
  (kind, year) => {
    const path = RECORD_KINDS_PLAIN[kind].apiPath;

    it('answers pages of the full list in its order, with the total on every page', async () => {
      const rowIds = await rowsInYear(
        h,
        admin,
        kind,
        year,
        Array.from({ length: 7 }, () => ({})),
      );
      const full = await admin.get(`${path}${yearQuery(year)}`);
      expect(full.status).toBe(200);
      expect(full.body).toEqual({ data: expect.any(Array) });
      expect(ids(full)).toEqual(rowIds);

      const pages = [];
      for (const page of [1, 2, 3]) {
        const response = await admin.get(`${path}${yearQuery(year, { page, perPage: 3 })}`);
        expect(response.status).toBe(200);
        expect(response.body.meta).toEqual({ total: 7, page, perPage: 3 });
        pages.push(...response.body.data);
      }
      expect(pages).toEqual(full.body.data);

      const past = await admin.get(`${path}${yearQuery(year, { page: 4, perPage: 3 })}`);
      expect(past.body).toEqual({ data: [], meta: { total: 7, page: 4, perPage: 3 } });
    });

    it('defaults perPage to 100 and page to 1', async () => {
      const onlyPage = await admin.get(`${path}${yearQuery(year, { page: 1 })}`);
      expect(onlyPage.body.meta).toEqual({ total: 7, page: 1, perPage: 100 });
      expect(onlyPage.body.data).toHaveLength(7);
      const onlyPerPage = await admin.get(`${path}${yearQuery(year, { perPage: 2 })}`);
      expect(onlyPerPage.body.meta).toEqual({ total: 7, page: 1, perPage: 2 });
      expect(onlyPerPage.body.data).toEqual(onlyPage.body.data.slice(0, 2));
    });
  },
);

describe('sorting', () => {
  const YEAR = 2021;
  let rows: Record<string, number>;
  beforeAll(async () => {
    // Amounts whose text order differs from their numeric order; two rows share an amount (a tie).
    const made = await rowsInYear(h, admin, 'salesInvoice', YEAR, [
      { clientName: 'Charlie Haulage', amount: '900.00', documentDate: `${YEAR}-03-05T08:00:00` },
      { clientName: 'Alpha Freight', amount: '10000.00', documentDate: `${YEAR}-01-20T08:00:00` },
      { clientName: 'Bravo Logistics', amount: '2500.50', documentDate: `${YEAR}-02-11T08:00:00` },
      { clientName: 'Delta Movers', amount: '2500.50', documentDate: `${YEAR}-01-02T08:00:00` },
      {
        clientName: 'Echo Carriers',
        amount: '75.00',
        containerNumber: null,
        documentDate: `${YEAR}-04-01T08:00:00`,
      },
    ]);
    rows = Object.fromEntries(['charlie', 'alpha', 'bravo', 'delta', 'echo'].map((n, i) => [n, made[i]!]));
  });
  const sorted = async (sort: string, more: Record<string, number> = {}) => {
    const response = await admin.get(`${PATHS.sales}${yearQuery(YEAR, { sort, ...more })}`);
    expect(response.status).toBe(200);
    return ids(response);
  };
  const order = (...names: string[]) => names.map((n) => rows[n]!);

  it('sorts by a text field both ways', async () => {
    expect(await sorted('clientName')).toEqual(order('alpha', 'bravo', 'charlie', 'delta', 'echo'));
    expect(await sorted('clientName:desc')).toEqual(order('echo', 'delta', 'charlie', 'bravo', 'alpha'));
  });

  it('sorts money by its value, ties by document date then id', async () => {
    expect(await sorted('amount:asc')).toEqual(order('echo', 'charlie', 'delta', 'bravo', 'alpha'));
    expect(await sorted('amount:desc')).toEqual(order('alpha', 'delta', 'bravo', 'charlie', 'echo'));
  });

  it('sorts by the document date itself, not its text, and pages the sorted list', async () => {
    expect(await sorted('documentDate:desc')).toEqual(order('echo', 'charlie', 'bravo', 'alpha', 'delta'));
    expect(await sorted('documentDate:desc', { page: 2, perPage: 2 })).toEqual(order('bravo', 'alpha'));
    // No sort: document date, then id.
    expect(ids(await admin.get(`${PATHS.sales}${yearQuery(YEAR)}`))).toEqual(
      order('delta', 'alpha', 'bravo', 'charlie', 'echo'),
    );
  });

  it('puts empty values last in both directions', async () => {
    expect((await sorted('containerNumber')).at(-1)).toBe(rows.echo);
    expect((await sorted('containerNumber:desc')).at(-1)).toBe(rows.echo);
  });
});

describe('a query the list cannot answer', () => {
  const refused = async (query: string) => {
    const response = await admin.get(`${PATHS.sales}${query}`);
    expect(response.status).toBe(422);
    return response.body as { message: string; errors: Record<string, string[]> };
  };

  it('is a 422 naming the fields there are, for a sort by a field the list does not have', async () => {
    for (const query of ['?sort=customerCode', '?sort=customerCode:desc&page=1']) {
      const body = await refused(query);
      const allowed = RECORD_KINDS_PLAIN.salesInvoice.rowFields.join(', ');
      expect(body).toEqual({
        message: `Sort by one of: ${allowed}.`,
        errors: { sort: [`Sort by one of: ${allowed}.`] },
      });
    }
    // The second journal's own field is sortable on its list only.
    expect((await admin.get(`${PATHS.second}?sort=firstJournalPostedAt:desc`)).status).toBe(200);
    expect((await refused('?sort=firstJournalPostedAt')).errors).toHaveProperty('sort');
  });

  it(`is a 422 for perPage over ${MAX_PER_PAGE}, page 0 and a sort of another form`, async () => {
    expect((await refused(`?perPage=${MAX_PER_PAGE + 1}`)).errors).toEqual({
      perPage: [`perPage must be a whole number from 1 to ${MAX_PER_PAGE}.`],
    });
    expect((await refused('?perPage=0')).errors).toHaveProperty('perPage');
    expect((await refused('?page=0')).errors).toHaveProperty('page');
    expect((await refused('?page=two')).errors).toHaveProperty('page');
    expect((await refused('?sort=amount:up')).errors).toEqual({
      sort: ['Sort by a field name, optionally followed by :asc or :desc.'],
    });
    expect((await admin.get(`${PATHS.sales}?perPage=${MAX_PER_PAGE}`)).status).toBe(200);
  });
});
