import { describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  invoiceBody,
  loggedIn,
  useFreshSim,
  type Collection,
  type ReadBack,
} from '../testing/harness.js';

const running = useFreshSim();
const { client } = running;

type Entity = Record<string, unknown> & { DocumentLines: Array<Record<string, unknown>> };

const DAY = '2026-03-10';
const setRate = (Currency: string, Rate: number | null, Date = DAY) =>
  control(running.origin, 'rates', { Currency, Date, Rate });
const usdInvoice = (line: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  invoiceBody({ DocCurrency: 'USD', DocumentLines: [{ AccountCode: '400100', ...line }], ...header });
const NO_RATE = { status: 400, code: -4006, message: 'Update the exchange rate' };

describe('foreign-currency Invoices and PurchaseInvoices', () => {
  it('USD 1,234.56 at 129.3456 with O1: LineTotal = round(RowTotalFC x DocRate, 2) in KES; VAT per currency, to the cent', async () => {
    // SDK: LineTotal "Returns the total amount (not including tax) per row" (INV1.LineTotal, local currency);
    // RowTotalFC "Sets or returns the Row Total in foreign currency" (INV1.TotalFrgn); DocTotalFc "in foreign currency".
    await setRate('USD', 129.3456);
    const reply = await client.post<Entity>('Invoices', usdInvoice({ Price: 1234.56, VatGroup: 'O1' }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      DocCurrency: 'USD',
      DocRate: 129.3456,
      DocTotal: 185234.48, // 159,684.90 + 25,549.58
      DocTotalFc: 1432.09, // 1,234.56 + 197.53
      VatSum: 25549.58, // round(159,684.90 x 16%, 2)
      VatSumFc: 197.53, // round(1,234.56 x 16%, 2)
    });
    expect(reply.body.DocumentLines[0]).toMatchObject({
      Price: 1234.56,
      Currency: 'USD',
      Rate: 129.3456,
      RowTotalFC: 1234.56,
      LineTotal: 159684.9, // 1,234.56 x 129.3456 = 159,684.904...
      VatGroup: 'O1',
      TaxPercentagePerRow: 16,
      TaxTotal: 25549.58,
      NetTaxAmountFC: 197.53,
      GrossTotal: 185234.48,
      GrossTotalFC: 1432.09,
    });
  });

  it('takes the rate of DocDate from the rate table, and an explicit DocRate over it', async () => {
    await setRate('EUR', 140.5);
    const table = await client.post<Entity>(
      'Invoices',
      invoiceBody({
        DocCurrency: 'EUR',
        DocumentLines: [{ AccountCode: '400100', Quantity: 3, Price: 100.01 }],
      }),
    );
    expect(table.body).toMatchObject({ DocRate: 140.5, DocTotalFc: 300.03, DocTotal: 42154.22 }); // 300.03 x 140.5 = 42,154.215
    const given = await client.post<Entity>('Invoices', usdInvoice({ RowTotalFC: 10 }, { DocRate: 130 }));
    expect(given.body).toMatchObject({ DocRate: 130, DocTotal: 1300, DocTotalFc: 10 });
  });

  it('a LineTotal alone in a USD document is KES (SAP converts it back to USD: the "129 times too small" trap)', async () => {
    await setRate('USD', 129.3456);
    const reply = await client.post<Entity>('Invoices', usdInvoice({ LineTotal: 1000 }));
    expect(reply.body).toMatchObject({ DocTotal: 1000, DocTotalFc: 7.73 }); // 1,000 / 129.3456 = 7.731...
    expect(reply.body.DocumentLines[0]).toMatchObject({ LineTotal: 1000, RowTotalFC: 7.73, Price: 7.73 });
  });

  it('refuses a LineTotal that is not round(RowTotalFC x rate, 2)', async () => {
    await setRate('USD', 129.3456);
    expectSapError(await client.post('Invoices', usdInvoice({ Price: 1234.56, LineTotal: 1234.56 })), {
      status: 400,
      code: -10,
      message:
        'Line 1: LineTotal 1234.56 is in local currency and does not match RowTotalFC 1234.56 at rate 129.3456 (159684.90)',
    });
    expect((await client.post('Invoices', usdInvoice({ Price: 1234.56, LineTotal: 159684.9 }))).status).toBe(
      201,
    );
  });

  it('answers -4006 "Update the exchange rate" when DocDate has no rate and no DocRate is sent; nothing is stored', async () => {
    await setRate('UGX', null);
    const reply = await client.post(
      'PurchaseInvoices',
      invoiceBody({ CardCode: 'T20001', DocCurrency: 'UGX' }),
    );
    expectSapError(reply, NO_RATE);
    expect(
      (
        await client.post(
          'PurchaseInvoices',
          invoiceBody({ CardCode: 'T20001', DocCurrency: 'UGX', DocRate: 0.0351 }),
        )
      ).status,
    ).toBe(201);
    expect((await control<ReadBack>(running.origin, 'documents')).body.purchaseInvoices).toHaveLength(1);
  });

  it.each([
    ['an unknown DocCurrency', { DocCurrency: 'GBP' }, -2028, 'No matching records found (ODBC -2028)'],
    ['a zero DocRate', { DocCurrency: 'USD', DocRate: 0 }, -10, 'Exchange rate must be greater than zero'],
    [
      'a line Currency other than DocCurrency',
      { DocCurrency: 'USD', DocumentLines: [{ AccountCode: '400100', Price: 5, Currency: 'EUR' }] },
      -10,
      "Line 1: currency 'EUR' differs from the document currency 'USD'",
    ],
    [
      'a DocTotalFc that is not the lines',
      { DocCurrency: 'USD', DocRate: 129, DocTotalFc: 185000 },
      -10,
      'Document total in foreign currency 185000.00 does not match the sum of the lines 1434.11',
    ],
    [
      'a DocTotal in USD (DocTotal is local)',
      {
        DocCurrency: 'USD',
        DocRate: 129,
        DocumentLines: [{ AccountCode: '400100', Price: 10 }],
        DocTotal: 10,
      },
      -10,
      'Document total 10.00 does not match the sum of the lines 1290.00',
    ],
    ['a read-only VatSum', { VatSum: 0 }, -1000, "Property 'VatSum' of 'Document' is not writable"],
    [
      'a read-only line TaxTotal',
      { DocumentLines: [{ AccountCode: '400100', Price: 5, TaxTotal: 1 }] },
      -1000,
      "Property 'TaxTotal' of 'DocumentLine' is not writable",
    ],
  ])('refuses %s', async (_rule, header, code, message) => {
    expectSapError(await client.post('Invoices', invoiceBody(header)), { status: 400, code, message });
  });

  it('returns the currency and VAT figures on GET by key, $select and $filter, v1 and v2', async () => {
    await setRate('USD', 129.3456);
    const posted = await client.post<Entity>(
      'Invoices',
      usdInvoice({ Price: 1234.56, VatGroup: 'O1' }, { Reference2: 'FF-USD-1' }),
    );
    const v2 = await loggedIn(running.v2);
    expect((await v2.get<Entity>(`Invoices(${String(posted.body.DocEntry)})`)).body).toMatchObject({
      DocTotalFc: 1432.09,
      VatSum: 25549.58,
    });
    const found = await client.get<Collection<Record<string, unknown>>>(
      "Invoices?$filter=DocCurrency eq 'USD' and DocTotalFc gt 1000&$select=DocEntry,DocTotal,DocTotalFc,DocRate,VatSum,VatSumFc",
    );
    expect(found.body.value).toEqual([
      {
        DocEntry: posted.body.DocEntry,
        DocTotal: 185234.48,
        DocTotalFc: 1432.09,
        DocRate: 129.3456,
        VatSum: 25549.58,
        VatSumFc: 197.53,
      },
    ]);
  });

  it('a KES document without the new fields posts as before, now returning DocRate 1 and zero FC and VAT figures', async () => {
    const reply = await client.post<Entity>('Invoices', invoiceBody());
    expect(reply.body).toMatchObject({
      DocTotal: 185000,
      DocCurrency: 'KES',
      DocRate: 1,
      DocTotalFc: 0,
      VatSum: 0,
      VatSumFc: 0,
      BPL_IDAssignedToInvoice: null,
    });
    expect(reply.body.DocumentLines[0]).toMatchObject({
      LineTotal: 185000,
      Currency: 'KES',
      Rate: 0,
      RowTotalFC: 0,
      TaxTotal: 0,
    });
  });
});
