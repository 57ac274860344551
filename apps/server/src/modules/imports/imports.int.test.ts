import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { generateDemoData } from '../demo-data/demo-generator.js';
import { parseCsvRows } from './import-file.js';
import type { ImportOrigin } from './imports.service.js';

/** The import service: what it checks, inserts and updates (the HTTP route: import-api.int.test.ts). */
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

const sale = (sourceId: string, overrides: Record<string, unknown> = {}) => ({
  sourceId,
  documentDate: '2026-03-01T08:30:00',
  clientName: 'Bidco Africa Ltd',
  customerCode: 'C10001',
  cargoRef: 'MEDU12345678',
  clientRef: 'PO-BIDCO-10001',
  tripNumber: `TRP-2026-${sourceId}`,
  containerNumber: 'CSQU3054383',
  containerSize: '40ft',
  containerWeight: '24,500 kg',
  truckNumber: 'KDA 123B / ZE 1234',
  route: 'Mombasa - Nairobi',
  amount: '176500.00',
  ...overrides,
});

const transporterInvoice = (sourceId: string, overrides: Record<string, unknown> = {}) => ({
  sourceId,
  documentDate: '2026-03-01',
  transporterName: 'Siginon Freight Ltd',
  transporterCode: 'T20001',
  tripNumber: 'TRP-2026-000001',
  routeDetails: 'Mombasa - Nairobi',
  invoiceAmount: 130000,
  ...overrides,
});

describe('import service', () => {
  it('reports every bad field of every row with its index and reason, and imports the good rows', async () => {
    const report = await server.app.services.imports.importJson(
      'sales-invoices',
      [
        sale('V-1'),
        sale('V-2', {
          clientName: '',
          customerCode: 'C 1',
          containerNumber: 'CSQU3054384',
          containerSize: '45ft',
          amount: '12.345',
        }),
        sale('V-3', { documentDate: '01/03/2026', amount: -5 }),
        'not an object',
        { documentDate: '2026-03-01' },
        sale('V-1', { amount: '1.00' }),
      ],
      origin,
    );
    expect(report).toMatchObject({
      kind: 'sales-invoices',
      received: 6,
      inserted: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(report.rejected).toEqual([
      {
        index: 1,
        sourceId: 'V-2',
        errors: [
          'clientName: required',
          'customerCode: must be an SAP business-partner code without spaces (e.g. C10001)',
          'containerNumber: check digit should be 3, not 4 (ISO 6346)',
          'containerSize: must be 20ft or 40ft, not "45ft"',
          'amount: must have at most 2 decimal places',
        ],
      },
      {
        index: 2,
        sourceId: 'V-3',
        errors: [
          'documentDate: must be an ISO date such as 2026-03-14 or 2026-03-14T08:30:00, not "01/03/2026"',
          'amount: must not be negative',
        ],
      },
      { index: 3, errors: ["row: must be an object with the record's fields"] },
      {
        index: 4,
        errors: [
          'sourceId: required',
          'clientName: required',
          'customerCode: required',
          'tripNumber: required',
        ],
      },
      {
        index: 5,
        sourceId: 'V-1',
        errors: ['sourceId: "V-1" appears more than once in this import (first at index 0)'],
      },
    ]);
    const [row] = await query<{ amount: string; document_date: Date; status: string }>(
      server,
      sql`SELECT amount, document_date, status FROM sales_invoices WHERE source_id = 'V-1'`,
    );
    expect(row).toMatchObject({ amount: '176500.00', status: 'unposted' });
    // 08:30 in Africa/Nairobi (UTC+3).
    expect(new Date(row!.document_date).toISOString()).toBe('2026-03-01T05:30:00.000Z');
  });

  it('updates rows still to post, and never changes a row whose posting has started', async () => {
    const imports = server.app.services.imports;
    await imports.importJson('sales-invoices', [sale('U-1'), sale('U-2'), sale('U-3'), sale('U-4')], origin);
    await query(
      server,
      sql`UPDATE sales_invoices SET status = 'posted', posted_at = now() WHERE source_id = 'U-2'`,
    );
    await query(server, sql`UPDATE sales_invoices SET status = 'posting' WHERE source_id = 'U-3'`);
    await query(
      server,
      sql`UPDATE sales_invoices SET status = 'failed', last_error = 'No such customer' WHERE source_id = 'U-4'`,
    );

    const changed = { amount: '99.99', route: 'Mombasa - Kampala via Malaba' };
    const report = await imports.importJson(
      'sales-invoices',
      [sale('U-1', changed), sale('U-2', changed), sale('U-3', changed), sale('U-4', changed), sale('U-5')],
      origin,
    );
    expect(report).toEqual({
      kind: 'sales-invoices',
      received: 5,
      inserted: 1,
      updated: 2,
      unchanged: 2,
      rejected: [],
    });
    const rows = await query<{ source_id: string; amount: string; route: string; status: string }>(
      server,
      sql`SELECT source_id, amount, route, status FROM sales_invoices WHERE source_id LIKE 'U-%' ORDER BY source_id`,
    );
    expect(rows).toEqual([
      { source_id: 'U-1', amount: '99.99', route: 'Mombasa - Kampala via Malaba', status: 'unposted' },
      { source_id: 'U-2', amount: '176500.00', route: 'Mombasa - Nairobi', status: 'posted' },
      { source_id: 'U-3', amount: '176500.00', route: 'Mombasa - Nairobi', status: 'posting' },
      { source_id: 'U-4', amount: '99.99', route: 'Mombasa - Kampala via Malaba', status: 'failed' },
      { source_id: 'U-5', amount: '176500.00', route: 'Mombasa - Nairobi', status: 'unposted' },
    ]);
  });

  it('judges transporter invoices by their first journal and keeps what people typed', async () => {
    const imports = server.app.services.imports;
    await imports.importJson(
      'transporter-invoices',
      [transporterInvoice('T-1'), transporterInvoice('T-2')],
      origin,
    );
    await query(
      server,
      sql`UPDATE transporter_invoices SET supplier_invoice_number = 'INV-778' WHERE source_id = 'T-1'`,
    );
    await query(server, sql`UPDATE transporter_invoices SET fj_status = 'posted' WHERE source_id = 'T-2'`);

    const report = await imports.importJson(
      'transporter-invoices',
      [
        transporterInvoice('T-1', { invoiceAmount: '131000.5' }),
        transporterInvoice('T-2', { invoiceAmount: 1 }),
      ],
      origin,
    );
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, rejected: [] });
    const rows = await query<{
      source_id: string;
      invoice_amount: string;
      supplier_invoice_number: string | null;
    }>(
      server,
      sql`SELECT source_id, invoice_amount, supplier_invoice_number FROM transporter_invoices WHERE source_id LIKE 'T-%' ORDER BY source_id`,
    );
    expect(rows).toEqual([
      { source_id: 'T-1', invoice_amount: '131000.50', supplier_invoice_number: 'INV-778' },
      { source_id: 'T-2', invoice_amount: '130000.00', supplier_invoice_number: null },
    ]);
  });

  it('reports CSV rows by their line in the file', async () => {
    const file = parseCsvRows(
      'fuel-advances',
      Buffer.from(
        'sourceId,documentDate,tripNumber,transporterName,transporterCode,originQuantity,unitPrice\n' +
          'F-1,2026-03-01,TRP-1,Transami Kenya,T20004,250,178.50\n' +
          '\n' +
          'F-2,2026-03-01,TRP-2,"Transami\nKenya",T20004,250.0001,178.50\n' +
          'F-3,2026-03-01,TRP-3,Transami Kenya,,abc,\n',
      ),
    );
    const report = await server.app.services.imports.importRows('fuel-advances', file.rows, origin);
    expect(report.inserted).toBe(1);
    expect(report.rejected).toEqual([
      { line: 4, sourceId: 'F-2', errors: ['originQuantity: must have at most 3 decimal places'] },
      {
        line: 6,
        sourceId: 'F-3',
        errors: [
          'transporterCode: required',
          'originQuantity: must be a decimal number such as 1250.50, not "abc"',
          'unitPrice: required',
        ],
      },
    ]);
  });

  it('imports every kind from a demo set, exactly', async () => {
    const set = generateDemoData({ count: 20, seed: 'int', today: '2026-03-15', timeZone: 'Africa/Nairobi' });
    for (const kind of Object.keys(set) as (keyof typeof set)[]) {
      const report = await server.app.services.imports.importJson(kind, set[kind], origin);
      expect(report, kind).toMatchObject({ received: 20, inserted: 20, rejected: [] });
    }
    const first = set['vas-transactions'][0]!;
    const [row] = await query<{
      buying_unit_price: string;
      selling_unit_price: string;
      origin_quantity: string;
    }>(
      server,
      sql`SELECT buying_unit_price, selling_unit_price, origin_quantity FROM vas_transactions WHERE source_id = ${first.sourceId}`,
    );
    expect(row).toEqual({
      buying_unit_price: first.buyingUnitPrice,
      selling_unit_price: first.sellingUnitPrice,
      origin_quantity: first.originQuantity,
    });
  });
});
