import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandEnv } from '../../config/app-key.js';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { generateDemoData } from '../demo-data/demo-generator.js';
import { importFieldsOf } from './import-schemas.js';
import { importCommands } from './imports.commands.js';
import type { ImportOrigin } from './imports.service.js';

/**
 * Imports at volume (issue 13): a large CSV file streamed by the CLI in batches and written statement by
 * statement, other requests answered while a large import runs (on embedded PGlite too, whose one
 * connection would otherwise wait for the import's transaction), and what an import that stops on a
 * database error leaves behind and says in the audit log.
 */
let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'ff-imports-volume-'));
const origin: ImportOrigin = {
  context: { actor: { id: null, name: 'Test' }, ip: '127.0.0.1' },
  via: 'in a test',
};

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const salesInvoices = (count: number, seed: string) =>
  generateDemoData({ count, seed, today: '2026-03-15', timeZone: 'Africa/Nairobi' })['sales-invoices'];

const countOf = async (table: 'sales_invoices' | 'cash_advances', prefix: string) =>
  Number(
    (
      await query<{ n: string }>(
        server,
        sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE source_id LIKE ${`${prefix}%`}`,
      )
    )[0]!.n,
  );

/** The CLI's import command as src/cli.ts runs it: exit code and what it printed. */
async function runImport(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void out.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => void err.push(parts.join(' ')));
  try {
    const { imports, apiTokens } = server.app.services;
    const context = { env: commandEnv(server.env), database: server.database, imports, apiTokens };
    const code = await importCommands.import!.run(context, args);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('imports at volume', () => {
  it('the CLI streams a 12,000-row CSV file and reports a rejected row deep in it by its line', async () => {
    const fields = importFieldsOf('sales-invoices');
    const rows = salesInvoices(12_000, 'csv-volume') as Record<string, unknown>[];
    // Data row i sits on line i + 2 (the header is line 1); row 11,000 (line 11,002) has a bad amount.
    rows[11_000] = { ...rows[11_000], amount: '12.345' };
    const cell = (value: unknown) => (value == null ? '' : `"${String(value).replace(/"/g, '""')}"`);
    const lines = [fields.join(','), ...rows.map((row) => fields.map((f) => cell(row[f])).join(','))];
    const path = join(dir, 'volume.csv');
    writeFileSync(path, `${lines.join('\n')}\n`);

    const { code, stdout } = await runImport(['sales-invoices', path]);

    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        'volume.csv: 12000 sales invoices received, 11999 inserted, 0 updated, 0 unchanged (posting already started), 1 rejected.',
        `  line 11002 (sourceId ${String(rows[11_000]!.sourceId)}):`,
        '    - amount: must have at most 2 decimal places',
      ].join('\n'),
    );
    expect(await countOf('sales_invoices', 'DEMO-csv-volume-')).toBe(11_999);
    const audits = await query<{ event: string }>(
      server,
      sql`SELECT event FROM audits WHERE event LIKE '%from volume.csv on the command line%'`,
    );
    expect(audits.map((a) => a.event)).toEqual([
      'Imported 11999 sales invoices from volume.csv on the command line (12000 received: 11999 new, 0 updated, 0 unchanged as posting had started, 1 rejected)',
    ]);
  }, 180_000);

  it('answers /health/live and /health/ready, and shows committed rows, while a large import runs', async () => {
    const { token } = await server.app.services.apiTokens.create('volume', origin.context);
    const rows = salesInvoices(20_000, 'live');
    let finished = false;
    const importing = server
      .client()
      .request({
        method: 'POST',
        url: '/api/v1/import/sales-invoices',
        body: rows,
        headers: { authorization: `Bearer ${token}` },
      })
      .finally(() => {
        finished = true;
      });

    // Another request's query sees the statements committed so far (one transaction per import would hide
    // them, and on PGlite hold this query until the import ends).
    let committed = 0;
    while (committed === 0 && !finished) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      committed = await countOf('sales_invoices', 'DEMO-live-');
    }
    const live = await server.client().request({ method: 'GET', url: '/health/live' });
    const ready = await server.client().request({ method: 'GET', url: '/health/ready' });
    const stillImporting = !finished;

    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(20_000);
    expect([live.status, live.body]).toEqual([200, { status: 'ok' }]);
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
    expect(stillImporting).toBe(true);
    const response = await importing;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ received: 20_000, inserted: 20_000, rejected: [] });
  }, 180_000);

  it('an import stopped by a database error keeps the statements committed before it and audits them', async () => {
    // A fault in the database itself: the row with this source id cannot be stored.
    await query(
      server,
      sql.raw(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.source_id = 'STOP-5500' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`),
    );
    await query(
      server,
      sql.raw(
        'CREATE TRIGGER refuse_boom BEFORE INSERT ON cash_advances FOR EACH ROW EXECUTE FUNCTION refuse_boom()',
      ),
    );
    const rows = Array.from({ length: 6_000 }, (_, i) => ({
      sourceId: `STOP-${i}`,
      documentDate: '2026-03-02',
      tripNumber: `TRP-${i}`,
      transporterName: 'Transami Kenya',
      transporterCode: 'T20004',
      amount: '1500.00',
    }));

    await expect(server.app.services.imports.importJson('cash-advances', rows, origin)).rejects.toThrow();

    const stored = await query<{ source_id: string }>(
      server,
      sql`SELECT source_id FROM cash_advances WHERE source_id LIKE 'STOP-%' ORDER BY id`,
    );
    // Whole statements before the failing one, in order: a prefix of the import.
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(5_500);
    expect(stored.map((row) => row.source_id)).toEqual(
      rows.slice(0, stored.length).map((row) => row.sourceId),
    );
    const audits = await query<{ event: string }>(
      server,
      sql`SELECT event FROM audits WHERE event LIKE 'Imported % cash advances in a test, then stopped on an error%'`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.event).toMatch(
      new RegExp(
        `^Imported ${stored.length} cash advances in a test, then stopped on an error \\(\\d+ received so far: ` +
          `${stored.length} new, 0 updated, 0 unchanged as posting had started, 0 rejected; ` +
          'the rows after them were not imported\\)$',
      ),
    );
  }, 180_000);
});
