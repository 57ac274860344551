import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE } from '../../lib/well-formed-text.js';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { parseCsvRows, parseJsonRows } from './import-file.js';
import type { ImportOrigin } from './imports.service.js';

/**
 * Issue 9, finding 1 (imports): two records whose source ids differ only by lone UTF-16 surrogates are one id
 * once stored (the driver writes U+FFFD for each), so one batch hit the same row twice in ON CONFLICT and the
 * whole import answered 500. Text that PostgreSQL would not store as received is now a rejected row naming
 * the field (the other rows import); the same source id twice in one batch is a rejected later row.
 */
let server: TestServer;
const origin: ImportOrigin = {
  context: { actor: { id: null, name: 'Test' }, ip: '127.0.0.1' },
  via: 'in a test',
};

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const cash = (sourceId: string, overrides: Record<string, unknown> = {}) => ({
  sourceId,
  documentDate: '2026-03-02',
  tripNumber: 'TRP-9',
  transporterName: 'Transami Kenya',
  transporterCode: 'T20004',
  amount: '15000.00',
  ...overrides,
});

/** The reasons as the import report reads them (after `field: `). */
const REASON = {
  lone: 'must be valid Unicode (it contains a lone UTF-16 surrogate)',
  nul: 'must not contain the NUL character (\\u0000)',
};

const storedSourceIds = async (prefix: string) =>
  (
    await query<{ source_id: string }>(
      server,
      sql`SELECT source_id FROM cash_advances WHERE source_id LIKE ${`${prefix}%`} ORDER BY source_id`,
    )
  ).map((r) => r.source_id);

describe('imported text that the database would not store as received', () => {
  it('a JSON file whose source ids differ only by lone surrogates: both rows rejected naming sourceId, the rest imported', async () => {
    // As read from a file: "\ud800" escapes in JSON are lone surrogates once parsed.
    const file = parseJsonRows(
      JSON.stringify([
        cash('LS-1'),
        cash('LS-\ud800'),
        cash('LS-\udbff'),
        cash('LS-2', { transporterName: 'Trans\udc00ami' }),
      ]),
    );
    const report = await server.app.services.imports.importRows('cash-advances', file.rows, origin);
    expect(report).toMatchObject({ received: 4, inserted: 1, updated: 0, unchanged: 0 });
    expect(report.rejected).toEqual([
      { index: 1, sourceId: 'LS-\ud800', errors: [`sourceId: ${REASON.lone}`] },
      { index: 2, sourceId: 'LS-\udbff', errors: [`sourceId: ${REASON.lone}`] },
      { index: 3, sourceId: 'LS-2', errors: [`transporterName: ${REASON.lone}`] },
    ]);
    expect(await storedSourceIds('LS-')).toEqual(['LS-1']);
  });

  it('a CSV file with a NUL character in a cell: that row rejected by its line naming the field', async () => {
    const file = parseCsvRows(
      'cash-advances',
      Buffer.from(
        'sourceId,documentDate,tripNumber,transporterName,transporterCode,amount\n' +
          'NUL-1,2026-03-02,TRP-1,Transami Kenya,T20004,100.00\n' +
          'NUL-2,2026-03-02,TRP-\u00002,Transami Kenya,T20004,100.00\n',
      ),
    );
    const report = await server.app.services.imports.importRows('cash-advances', file.rows, origin);
    expect(report).toMatchObject({ received: 2, inserted: 1 });
    expect(report.rejected).toEqual([{ line: 3, sourceId: 'NUL-2', errors: [`tripNumber: ${REASON.nul}`] }]);
    expect(await storedSourceIds('NUL-')).toEqual(['NUL-1']);
  });

  it('the same source id twice in one batch: the later row is rejected naming the first, the first is imported', async () => {
    const report = await server.app.services.imports.importJson(
      'cash-advances',
      [cash('DUP-1', { amount: '100.00' }), cash('DUP-2'), cash(' DUP-1 ', { amount: '200.00' })],
      origin,
    );
    expect(report).toMatchObject({ received: 3, inserted: 2 });
    expect(report.rejected).toEqual([
      {
        index: 2,
        sourceId: 'DUP-1',
        errors: ['sourceId: "DUP-1" appears more than once in this import (first at index 0)'],
      },
    ]);
    const [row] = await query<{ amount: string }>(
      server,
      sql`SELECT amount FROM cash_advances WHERE source_id = 'DUP-1'`,
    );
    expect(row!.amount).toBe('100.00');
  });

  it('POST /api/v1/import/:kind with such source ids is a 422 naming the field, never a 500, and writes nothing', async () => {
    const { token } = await server.app.services.apiTokens.create('tms-text', origin.context);
    const response = await server.client().request({
      method: 'POST',
      url: '/api/v1/import/cash-advances',
      body: [cash('API-LS-1'), cash('API-LS-\ud800'), cash('API-LS-\udbff')],
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ '1.sourceId': [LONE_SURROGATE_MESSAGE] });
    expect(await storedSourceIds('API-LS-')).toEqual([]);
  });
});
