import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import type { RecordKindName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayRowsQuery, type ArrayRowsQuery } from '../../db/client.js';
import { dayRange } from '../../lib/time.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { TIME_ZONE, type PostingHarness } from '../../test/posting-harness.js';
import { PATHS, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { LIST_CHUNK_ROWS } from '../../lib/list-stream.js';
import { createRecordsRepository, type ListView } from './records.repository.js';
import { rowsInYear, yearQuery } from './testing/list-rows.js';

/**
 * The full-array form (the spec's list answer) streamed in chunks read by keyset
 * (docs/decisions/013-server-side-lists.md): its bytes are those of `JSON.stringify({ data: rows })` for any
 * sort, search and chunk size, a client that goes away stops the reading, and the access rules are the same.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

const yearRange = (year: number) =>
  dayRange({ fromDate: `${year}-01-01`, toDate: `${year}-12-31` }, TIME_ZONE);

/** The records repository on the test database, its queries counted. */
function countedRepository() {
  const run = arrayRowsQuery(h.database);
  const counted = { queries: 0 };
  const runner: ArrayRowsQuery = (text, params) => {
    counted.queries += 1;
    return run(text, params);
  };
  return { records: createRecordsRepository(h.database.db, TIME_ZONE, runner), counted };
}

async function textOf(body: string | Readable): Promise<string> {
  if (typeof body === 'string') return body;
  let text = '';
  for await (const piece of body) text += String(piece);
  return text;
}

describe('the full list', () => {
  it("answers the spec's call with the bytes of JSON.stringify({ data: rows }), as JSON", async () => {
    await rowsInYear(h, admin, 'salesInvoice', 2011, [{}, {}, {}]);
    const response = await admin.get(PATHS.sales);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = await h.app.services.records.list('salesInvoice', {});
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(response.text).toBe(JSON.stringify({ data: rows }));
  });

  it(`streams a list longer than one chunk (${LIST_CHUNK_ROWS} rows) with the same bytes`, async () => {
    const count = LIST_CHUNK_ROWS * 2 + 7;
    const rowIds = await rowsInYear(
      h,
      admin,
      'salesInvoice',
      2012,
      Array.from({ length: count }, (_, i) => ({
        // Many rows share a document date, so the chunks' keyset must tell them apart by id.
        documentDate: `2012-0${(i % 3) + 1}-15T08:00:00`,
      })),
    );
    const { records } = countedRepository();
    expect(await records.fullList('salesInvoice', yearRange(2012))).toBeInstanceOf(Readable);
    const response = await admin.get(`${PATHS.sales}${yearQuery(2012)}`);
    expect(response.status).toBe(200);
    const rows = await records.list('salesInvoice', yearRange(2012));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(rowIds);
    expect(response.text).toBe(JSON.stringify({ data: rows }));
  });
});

describe('chunks read by keyset', () => {
  const YEAR = 2013;
  beforeAll(async () => {
    await rowsInYear(h, admin, 'salesInvoice', YEAR, [
      { clientName: 'Charlie', amount: '900.00', containerNumber: null },
      { clientName: 'Alpha', amount: '10000.00', documentDate: `${YEAR}-01-05T08:00:00` },
      { clientName: 'Bravo', amount: '2500.50', documentDate: `${YEAR}-01-05T08:00:00` },
      { clientName: 'Delta', amount: '2500.50', containerNumber: null },
      { clientName: 'Echo', amount: null, documentDate: `${YEAR}-01-05T08:00:00` },
      { clientName: 'Foxtrot', amount: '2500.50', route: 'Nakuru - Eldoret' },
      { clientName: 'Golf', amount: null },
    ]);
    await rowsInYear(h, admin, 'secondJournal', YEAR, [{}, {}, {}, {}, {}]);
  });

  const views: [RecordKindName, ListView][] = [
    ['salesInvoice', {}],
    ['salesInvoice', { sort: { field: 'amount', desc: true } }],
    ['salesInvoice', { sort: { field: 'amount', desc: false } }],
    ['salesInvoice', { sort: { field: 'containerNumber', desc: false } }],
    ['salesInvoice', { sort: { field: 'containerNumber', desc: true } }],
    ['salesInvoice', { sort: { field: 'documentDate', desc: true } }],
    ['salesInvoice', { sort: { field: 'clientName', desc: true } }],
    ['salesInvoice', { sort: { field: 'id', desc: true } }],
    ['salesInvoice', { sort: { field: 'postingDate', desc: false } }],
    ['salesInvoice', { search: 'mombasa', sort: { field: 'amount', desc: true } }],
    ['secondJournal', { sort: { field: 'firstJournalPostedAt', desc: true } }],
  ];

  it.each(views)(
    '%s %j: every chunk size gives the rows the list gives, once each, in order',
    async (kind, view) => {
      const { records } = countedRepository();
      const expected = JSON.stringify({ data: await records.list(kind, yearRange(YEAR), view) });
      expect(JSON.parse(expected).data.length).toBeGreaterThan(1);
      for (const chunkRows of [1, 2, 3, 100]) {
        expect(
          await textOf(await records.fullList(kind, yearRange(YEAR), view, chunkRows)),
          `${chunkRows}`,
        ).toBe(expected);
      }
    },
  );

  it('reads no further chunk once the reader has gone', async () => {
    const { records, counted } = countedRepository();
    const whole = await textOf(await records.fullList('salesInvoice', yearRange(YEAR), {}, 1));
    expect(JSON.parse(whole).data).toHaveLength(7);
    // One query per row, and one that finds the end.
    expect(counted.queries).toBe(8);

    counted.queries = 0;
    const stream = (await records.fullList('salesInvoice', yearRange(YEAR), {}, 1)) as Readable;
    for await (const piece of stream) {
      expect(String(piece)).toMatch(/^\{"data":\[\{"id":/);
      break; // Leaving the loop destroys the stream, as a client's disconnect does.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.destroyed).toBe(true);
    // The first chunk, and at most the one read ahead while the first was taken.
    expect(counted.queries).toBeLessThanOrEqual(2);
  });
});

describe('access and a client that disconnects', () => {
  it('needs the view permission for the full and the paged form alike', async () => {
    const nobody = await signedIn(h.server, await createUser(h.server, { permissions: [] }));
    expect((await nobody.get(PATHS.sales)).status).toBe(403);
    expect((await nobody.get(`${PATHS.sales}?page=1&perPage=5`)).status).toBe(403);
    expect((await h.client().get(`${PATHS.sales}?page=1`)).status).toBe(401);
    const viewer = await signedIn(
      h.server,
      await createUser(h.server, { permissions: ['View Sales Invoices'] }),
    );
    expect((await viewer.get(`${PATHS.sales}?page=1&perPage=5`)).status).toBe(200);
    expect((await viewer.get(PATHS.vas)).status).toBe(403);
  });

  it('keeps serving after a client hangs up in the middle of a streamed list', async () => {
    const port = 8310;
    await h.app.listen({ port, host: '127.0.0.1' });
    const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: `${PATHS.sales}${yearQuery(2012)}`, headers: { cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['transfer-encoding']).toBe('chunked');
          res.once('data', (piece: Buffer) => {
            req.destroy();
            resolve(piece.toString('utf8'));
          });
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    expect(firstBytes.startsWith('{"data":[{"id":')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await admin.get(`${PATHS.sales}${yearQuery(2011, { page: 1 })}`);
    expect(after.status).toBe(200);
    expect(after.body.meta.total).toBe(3);
  });
});
