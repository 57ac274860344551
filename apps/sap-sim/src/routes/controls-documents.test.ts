import { describe, expect, it } from 'vitest';
import { postServiceLayerDocument } from '../index.js';
import {
  control,
  invoiceBody,
  journalBody,
  useFreshSim,
  type Collection,
  type DocumentView,
  type JournalEntryView,
} from '../testing/harness.js';

/**
 * The /__sim/documents/* controls create each difference a reconciliation must find; every test checks the
 * result the way a reconciliation sees it: through the Service Layer, by our key.
 */
const running = useFreshSim();
const { client } = running;

const sim = <T = Record<string, unknown>>(path: string, body: unknown) =>
  control<T>(running.origin, `documents/${path}`, body);
const journalsWith = async (key: string) =>
  (await client.get<Collection<JournalEntryView>>(`JournalEntries?$filter=Reference3 eq '${key}'`)).body
    .value;
const invoicesWith = async (key: string, set = 'Invoices') =>
  (await client.get<Collection<DocumentView>>(`${set}?$filter=Reference2 eq '${key}'`)).body.value;

async function postBoth() {
  const je = await client.post<JournalEntryView>('JournalEntries', journalBody({ Reference3: 'FF-CA-1' }));
  const invoice = await client.post<DocumentView>('Invoices', invoiceBody({ Reference2: 'FFSI1' }));
  return { je: je.body, invoice: invoice.body };
}

describe('POST /__sim/documents/delete ("posted here, missing in SAP")', () => {
  it('removes every document carrying the reference, reversals and cancellations too', async () => {
    const { je, invoice } = await postBoth();
    await client.post(`JournalEntries(${je.JdtNum})/Cancel`);
    await client.post(`Invoices(${invoice.DocEntry})/Cancel`);
    await client.post('Invoices', invoiceBody({ Reference2: 'FFSI2' }));

    expect((await sim('delete', { reference: 'FF-CA-1' })).body).toEqual({ deleted: 2 });
    expect((await sim('delete', { reference: 'FFSI1' })).body).toEqual({ deleted: 2 });
    expect(await journalsWith('FF-CA-1')).toEqual([]);
    expect(await invoicesWith('FFSI1')).toEqual([]);
    expect((await invoicesWith('FFSI2')).length).toBe(1);
    expect((await client.get(`JournalEntries(${je.JdtNum})`)).status).toBe(404);
  });
});

describe('POST /__sim/documents/cancel ("cancelled in SAP")', () => {
  it('cancels a journal entry as Cancel does, even in a locked period', async () => {
    const { je } = await postBoth();
    await control(running.origin, 'periods/lock', { from: '2026-03' });
    expect((await sim('cancel', { reference: 'FF-CA-1' })).body).toEqual({
      cancelled: je.JdtNum,
      entitySet: 'JournalEntries',
      cancellation: je.JdtNum + 2,
    });
    const [original, reversal] = await journalsWith('FF-CA-1');
    expect(reversal?.JournalEntryLines.map((l) => [l.Debit, l.Credit])).toEqual(
      original?.JournalEntryLines.map((l) => [l.Credit, l.Debit]),
    );
    const readBack = await running.documents();
    expect(readBack.journalEntries.map((j) => [j.cancelled, j.reversedBy, j.reversalOf])).toEqual([
      [true, je.JdtNum + 2, undefined],
      [false, undefined, je.JdtNum],
    ]);
  });

  it('cancels a purchase invoice with a cancellation document, and refuses a second time', async () => {
    const posted = await client.post<DocumentView>(
      'PurchaseInvoices',
      invoiceBody({ CardCode: 'T20002', Reference2: 'FF-FJ-3' }),
    );
    await control(running.origin, 'periods/close', { from: '2026-03' });
    expect((await sim('cancel', { reference: 'FF-FJ-3' })).body).toEqual({
      cancelled: posted.body.DocEntry,
      entitySet: 'PurchaseInvoices',
      cancellation: posted.body.DocEntry + 1,
    });
    expect((await invoicesWith('FF-FJ-3', 'PurchaseInvoices')).map((d) => d.CancelStatus)).toEqual([
      'csYes',
      'csCancellation',
    ]);
    const again = await sim('cancel', { reference: 'FF-FJ-3' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: `Purchase invoice ${posted.body.DocEntry} is already cancelled` });
  });
});

describe('POST /__sim/documents/duplicate ("two SAP documents for one key")', () => {
  it('stores a second copy of the original with new numbers, same lines and reference', async () => {
    const { je, invoice } = await postBoth();
    expect((await sim('duplicate', { reference: 'FF-CA-1' })).body).toEqual({
      key: je.JdtNum + 2,
      entitySet: 'JournalEntries',
    });
    const journals = await journalsWith('FF-CA-1');
    expect(journals.map((j) => j.JdtNum)).toEqual([je.JdtNum, je.JdtNum + 2]);
    expect(journals[1]?.Number).toBe(je.Number + 1);
    expect(journals[1]?.JournalEntryLines).toEqual(journals[0]?.JournalEntryLines);

    expect((await sim('duplicate', { reference: 'FFSI1' })).body).toEqual({
      key: invoice.DocEntry + 1,
      entitySet: 'Invoices',
    });
    const [first, copy] = await invoicesWith('FFSI1');
    expect(copy).toMatchObject({
      DocNum: invoice.DocNum + 1,
      Reference1: String(invoice.DocNum + 1),
      DocTotal: first?.DocTotal,
      DocumentLines: first?.DocumentLines,
      CancelStatus: 'csNo',
      DocumentStatus: 'bost_Open',
    });
  });

  it('copies the original, not its cancellation, as an open document', async () => {
    const { invoice } = await postBoth();
    await client.post(`Invoices(${invoice.DocEntry})/Cancel`);
    const { body } = await sim<{ key: number }>('duplicate', { reference: 'FFSI1' });
    const copy = await client.get<DocumentView>(`Invoices(${body.key})`);
    expect(copy.body).toMatchObject({ Cancelled: 'tNO', CancelStatus: 'csNo', DocTotal: 185000 });
    expect((await invoicesWith('FFSI1')).map((d) => d.CancelStatus)).toEqual([
      'csYes',
      'csCancellation',
      'csNo',
    ]);
  });
});

describe('POST /__sim/documents/alter ("amount or date different from ours")', () => {
  it('sets both sides of a journal entry to the amount and moves its dates', async () => {
    await postBoth();
    const altered = await sim<JournalEntryView & { DueDate: string }>('alter', {
      reference: 'FF-CA-1',
      amount: '99.95',
      date: '2026-02-27',
    });
    expect(altered.body).toMatchObject({
      ReferenceDate: '2026-02-27',
      DueDate: '2026-02-27',
      cancelled: false,
    });
    const [je] = await journalsWith('FF-CA-1');
    expect(je?.ReferenceDate).toBe('2026-02-27');
    expect(je?.JournalEntryLines.map((l) => [l.AccountCode, l.Debit, l.Credit])).toEqual([
      ['500100', 99.95, 0],
      ['210200', 0, 99.95],
    ]);
  });

  it("sets a foreign-currency journal's FCDebit/FCCredit to the amount, its local sides staying", async () => {
    const lines = [
      { AccountCode: '500100', FCCurrency: 'USD', FCDebit: 1234.56 },
      { AccountCode: '210200', FCCurrency: 'USD', FCCredit: 1234.56 },
    ];
    const posted = await client.post<JournalEntryView>(
      'JournalEntries',
      journalBody({ Reference3: 'FF-CA-9', JournalEntryLines: lines }),
    );
    expect(posted.status).toBe(201);
    const local = posted.body.JournalEntryLines.map((l) => [l.Debit, l.Credit]);
    await sim('alter', { reference: 'FF-CA-9', amount: '1200.00' });
    const [je] = await journalsWith('FF-CA-9');
    const after = je!.JournalEntryLines as unknown as Record<string, unknown>[];
    expect(after.map((l) => [l.FCDebit, l.FCCredit])).toEqual([
      [1200, 0],
      [0, 1200],
    ]);
    expect(after.map((l) => [l.Debit, l.Credit])).toEqual(local);
  });

  it('sets a one-line invoice to quantity 1 at the amount, leaving the dates when none is given', async () => {
    await postBoth();
    await sim('alter', { reference: 'FFSI1', amount: '1234.5' });
    const [invoice] = await invoicesWith('FFSI1');
    expect(invoice).toMatchObject({ DocTotal: 1234.5, DocDate: '2026-03-10' });
    expect(invoice?.DocumentLines).toEqual([
      expect.objectContaining({ Quantity: 1, Price: 1234.5, LineTotal: 1234.5 }),
    ]);
  });

  it('scales the lines of a several-line document so they sum to the amount, and moves its dates', async () => {
    await client.post(
      'PurchaseInvoices',
      invoiceBody({
        CardCode: 'S30001',
        Reference2: 'FF-VAS-4',
        DocumentLines: [
          { AccountCode: '510100', Quantity: 4, Price: 25 },
          { AccountCode: '510200', LineTotal: 300 },
        ],
      }),
    );
    const altered = await sim('alter', { reference: 'FF-VAS-4', amount: '200.01', date: '2026-04-30' });
    expect(altered.body).toMatchObject({
      DocDate: '2026-04-30',
      DocDueDate: '2026-04-30',
      TaxDate: '2026-04-30',
    });
    const [document] = await invoicesWith('FF-VAS-4', 'PurchaseInvoices');
    expect(document?.DocTotal).toBe(200.01);
    expect(document?.DocumentLines.map((l) => [l.Quantity, l.Price, l.LineTotal])).toEqual([
      [4, 12.5, 50],
      [1, 150.01, 150.01],
    ]);
  });

  it.each([
    [{ reference: 'FFSI1' }, 'Give amount and/or date to alter'],
    [
      { reference: 'FFSI1', amount: '-5' },
      "amount must be a decimal string greater than zero, e.g. '123.45'",
    ],
    [
      { reference: 'FFSI1', amount: '1.234' },
      "amount must be a decimal string greater than zero, e.g. '123.45'",
    ],
    [{ reference: 'FFSI1', date: '2026-02-30' }, "date must be a real day 'yyyy-MM-dd'"],
    [{ reference: 'FFSI1', date: '2035-01-01' }, 'No posting period is defined for 2035-01-01'],
    [{ reference: 'FFSI1', amount: '5', colour: 'red' }, /^Unknown key 'colour'/],
  ])('refuses %j', async (body, message) => {
    await postBoth();
    const reply = await sim<{ error: string }>('alter', body);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(message);
    expect((await invoicesWith('FFSI1'))[0]?.DocTotal).toBe(185000);
  });

  it('refuses a cancelled document, which keeps the amount and date its cancellation undid', async () => {
    const { je, invoice } = await postBoth();
    await client.post(`JournalEntries(${je.JdtNum})/Cancel`);
    await client.post(`Invoices(${invoice.DocEntry})/Cancel`);
    for (const reference of ['FF-CA-1', 'FFSI1']) {
      const reply = await sim<{ error: string }>('alter', { reference, amount: '5' });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe(
        `The document carrying '${reference}' is cancelled in SAP: its amount and date stay as its cancellation undid them`,
      );
    }
    // Original and reversal still mirror each other.
    const [original, reversal] = await journalsWith('FF-CA-1');
    expect(reversal?.JournalEntryLines.map((l) => [l.Debit, l.Credit])).toEqual(
      original?.JournalEntryLines.map((l) => [l.Credit, l.Debit]),
    );
    expect((await invoicesWith('FFSI1')).map((d) => d.DocTotal)).toEqual([185000, 185000]);
  });
});

describe('every /__sim/documents control', () => {
  it.each(['delete', 'cancel', 'duplicate', 'alter'])(
    '%s answers 400 {error} when no document carries the reference, or none is given',
    async (path) => {
      await postBoth();
      const extra = path === 'alter' ? { amount: '1' } : {};
      const unknown = await sim(path, { reference: 'FF-NOPE', ...extra });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ error: "No document carries the reference 'FF-NOPE'" });
      const missing = await sim<{ error: string }>(path, {});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatch(/^Give \{reference: /);
      expect((await running.documents()).invoices).toHaveLength(1);
    },
  );
});

describe('a document in SAP that our app never posted', () => {
  it('postServiceLayerDocument logs in, posts with our key and logs out', async () => {
    const reply = await postServiceLayerDocument(
      running.v1,
      'Invoices',
      invoiceBody({ Reference2: 'FFSI77' }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ Reference2: 'FFSI77', CancelStatus: 'csNo' });
    expect((await invoicesWith('FFSI77')).length).toBe(1);
    const refused = await postServiceLayerDocument(running.v2, 'JournalEntries', { Memo: 'no lines' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: '-10' } });
    await expect(
      postServiceLayerDocument(running.v1, 'Invoices', invoiceBody(), {
        companyDb: 'X',
        username: 'manager',
        password: 'B1Admin!',
      }),
    ).rejects.toThrow(/login failed: 401/);
  });
});
