import { describe, expect, it } from 'vitest';
import {
  expectSapError,
  invoiceBody,
  journalBody,
  loggedIn,
  useFreshSim,
  type Collection,
  type DocumentView,
  type JournalEntryView,
} from '../testing/harness.js';

const running = useFreshSim();
const { client } = running;

describe('POST Invoices (A/R)', () => {
  it('answers 201 with DocEntry, DocNum, DocTotal, TransNum and the customer name', async () => {
    const reply = await client.post<DocumentView>('Invoices', invoiceBody());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      DocEntry: 1,
      DocTotal: 185000,
      CardCode: 'C10001',
      CardName: 'Bidco Africa Ltd',
      DocDate: '2026-03-10',
      Reference2: 'FF-SI-1',
      Cancelled: 'tNO',
      DocumentStatus: 'bost_Open',
    });
    expect(reply.body.DocNum).not.toBe(reply.body.DocEntry);
    expect(reply.body.Reference1).toBe(String(reply.body.DocNum));
    expect(reply.body.TransNum).toBeTypeOf('number');
    expect(reply.body.DocumentLines).toEqual([
      expect.objectContaining({
        LineNum: 0,
        AccountCode: '400100',
        Quantity: 1,
        Price: 185000,
        LineTotal: 185000,
      }),
    ]);
  });

  it('prices lines from quantity x price in exact cents and sums them', async () => {
    const reply = await client.post<DocumentView>(
      'Invoices',
      invoiceBody({
        DocumentLines: [
          { AccountCode: '410100', Quantity: 312.5, Price: 182.37 },
          { AccountCode: '410400', UnitPrice: 0.1, Quantity: 3 },
          { AccountCode: '400100', LineTotal: 1000.05, Quantity: 3 },
        ],
      }),
    );
    expect(reply.status).toBe(201);
    // 312.5 x 182.37 = 56990.625 -> 56990.63; 0.1 x 3 = 0.30; 1000.05 as given.
    expect(reply.body.DocumentLines.map((l) => l.LineTotal)).toEqual([56990.63, 0.3, 1000.05]);
    expect(reply.body.DocumentLines[2]?.Price).toBe(333.35);
    expect(reply.body.DocTotal).toBe(57990.98);
  });

  it('accepts a DocTotal that matches the lines', async () => {
    expect((await client.post('Invoices', invoiceBody({ DocTotal: 185000 }))).status).toBe(201);
  });

  it('gives journal-entry numbers to TransNum, shared with JournalEntries', async () => {
    const journal = await client.post<JournalEntryView>('JournalEntries', journalBody());
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody());
    const next = await client.post<JournalEntryView>('JournalEntries', journalBody());
    expect(invoice.body.TransNum).toBe(journal.body.JdtNum + 1);
    expect(next.body.JdtNum).toBe(invoice.body.TransNum + 1);
  });

  it('reads back by key and by Reference2, in v2 with ISO dates', async () => {
    const posted = await client.post<DocumentView>('Invoices', invoiceBody({ Reference2: 'FF-SI-42' }));
    const v2 = await loggedIn(running.v2);
    const byKey = await v2.get<DocumentView>(`Invoices(${posted.body.DocEntry})`);
    expect(byKey.body.DocDate).toBe('2026-03-10T00:00:00Z');
    const found = await client.get<Collection<Pick<DocumentView, 'DocEntry' | 'DocNum'>>>(
      "Invoices?$filter=Reference2 eq 'FF-SI-42'&$select=DocEntry,DocNum",
    );
    expect(found.body.value).toEqual([{ DocEntry: posted.body.DocEntry, DocNum: posted.body.DocNum }]);
    expectSapError(await client.get('Invoices(77)'), { status: 404, code: -2028, message: /-2028/ });
  });
});

describe('POST PurchaseInvoices (A/P)', () => {
  it('posts for a transporter and for a supplier, numbering apart from A/R invoices', async () => {
    const ar = await client.post<DocumentView>('Invoices', invoiceBody());
    const transporter = await client.post<DocumentView>(
      'PurchaseInvoices',
      invoiceBody({
        CardCode: 'T20003',
        NumAtCard: 'BTK-2291',
        DocumentLines: [{ AccountCode: '500100', LineTotal: 90000 }],
      }),
    );
    const supplier = await client.post<DocumentView>(
      'PurchaseInvoices',
      invoiceBody({
        CardCode: 'S30001',
        DocumentLines: [{ AccountCode: '510100', Quantity: 400, Price: 171.2 }],
      }),
    );
    expect(transporter.status).toBe(201);
    expect(supplier.status).toBe(201);
    expect(transporter.body).toMatchObject({
      DocEntry: 1,
      CardName: 'Bollore Transport Kenya',
      DocTotal: 90000,
    });
    expect(supplier.body).toMatchObject({ DocEntry: 2, DocTotal: 68480 });
    expect(transporter.body.DocNum).not.toBe(ar.body.DocNum);

    const readBack = await running.documents();
    expect(readBack.invoices).toHaveLength(1);
    expect(readBack.purchaseInvoices.map((d) => d.CardCode)).toEqual(['T20003', 'S30001']);
  });
});

// Cancel on Invoices and PurchaseInvoices: cancel.test.ts.

describe('methods and resources SAP does not offer here', () => {
  it('refuses writes to master data and unknown verbs with 405', async () => {
    expectSapError(await client.post('ChartOfAccounts', { Code: '1', Name: 'x' }), {
      status: 405,
      code: -1000,
      message: "Method POST is not allowed on 'ChartOfAccounts'",
    });
    expectSapError(await client.request('DELETE', 'Invoices(1)'), {
      status: 405,
      code: -1000,
      message: "Method DELETE is not allowed on 'Invoices(1)'",
    });
  });

  it('answers 404 in SAP shape for unknown or wrongly cased resources', async () => {
    const cases = ['Orders', 'journalentries', 'JournalEntries(1)/Lines/x'];
    for (const path of cases) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(404);
    }
    const outside = await fetch(`${running.origin}/b1s/v3/Login`);
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ error: { code: -1000 } });
  });
});
