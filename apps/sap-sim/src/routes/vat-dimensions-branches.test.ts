import { describe, expect, it } from 'vitest';
import {
  control,
  expectSapError,
  invoiceBody,
  journalBody,
  useFreshSim,
  type ReadBack,
} from '../testing/harness.js';

const running = useFreshSim();
const { client, documents } = running;

type Entity = Record<string, unknown> & { DocumentLines: Array<Record<string, unknown>> };
type Journal = Record<string, unknown> & { JournalEntryLines: Array<Record<string, unknown>> };

const line = (extra: Record<string, unknown>) => ({ AccountCode: '400100', LineTotal: 1000, ...extra });
const arWith = (...lines: Array<Record<string, unknown>>) => invoiceBody({ DocumentLines: lines });
const apWith = (...lines: Array<Record<string, unknown>>) =>
  invoiceBody({ CardCode: 'T20001', DocumentLines: lines.map((l) => ({ ...l, AccountCode: '500100' })) });
const journalWith = (first: Record<string, unknown>, second: Record<string, unknown> = {}) =>
  journalBody({
    JournalEntryLines: [
      { AccountCode: '500100', Debit: 100, ...first },
      { AccountCode: '210200', Credit: 100, ...second },
    ],
  });

describe('VAT on documents (exclusive prices, per line, half away from zero)', () => {
  it('adds round(net x 16%, 2) per line for O1, nothing for O0 and E, and sums VatSum into DocTotal', async () => {
    const reply = await client.post<Entity>(
      'Invoices',
      arWith(line({ LineTotal: 1234.57, VatGroup: 'O1' }), line({ VatGroup: 'O0' }), line({ VatGroup: 'E' })),
    );
    expect(reply.status).toBe(201);
    // 1,234.57 x 16% = 197.5312 -> 197.53.
    expect(reply.body.DocumentLines.map((l) => [l.TaxPercentagePerRow, l.TaxTotal, l.GrossTotal])).toEqual([
      [16, 197.53, 1432.1],
      [0, 0, 1000],
      [0, 0, 1000],
    ]);
    expect(reply.body).toMatchObject({ VatSum: 197.53, DocTotal: 3432.1 });
  });

  it('rounds each line, not the sum: three lines of 0.03 at 16% make 0.00 VAT each', async () => {
    const reply = await client.post<Entity>(
      'Invoices',
      arWith(...[1, 2, 3].map(() => line({ LineTotal: 0.03, VatGroup: 'O1' }))),
    );
    expect(reply.body).toMatchObject({ VatSum: 0, DocTotal: 0.09 }); // 0.0048 each -> 0.00
    const half = await client.post<Entity>('Invoices', arWith(line({ LineTotal: 0.5, VatGroup: 'O1' })));
    expect(half.body).toMatchObject({ VatSum: 0.08 }); // 0.08 exactly
    const up = await client.post<Entity>('Invoices', arWith(line({ LineTotal: 3.125, VatGroup: 'O1' })));
    expect(up.body).toMatchObject({ VatSum: 0.5 }); // 3.13 (half up) x 16% = 0.5008 -> 0.50
  });

  it('checks a DocTotal sent against net + VAT', async () => {
    expect((await client.post('Invoices', arWith(line({ VatGroup: 'O1' })))).status).toBe(201);
    expect(
      (
        await client.post(
          'Invoices',
          invoiceBody({ DocTotal: 1160, DocumentLines: [line({ VatGroup: 'O1' })] }),
        )
      ).status,
    ).toBe(201);
    expectSapError(
      await client.post(
        'Invoices',
        invoiceBody({ DocTotal: 1000, DocumentLines: [line({ VatGroup: 'O1' })] }),
      ),
      {
        status: 400,
        code: -10,
        message: 'Document total 1000.00 does not match the sum of the lines 1160.00',
      },
    );
  });

  it('takes input groups on A/P invoices', async () => {
    const reply = await client.post<Entity>('PurchaseInvoices', apWith({ LineTotal: 500, VatGroup: 'I1' }));
    expect(reply.body).toMatchObject({ VatSum: 80, DocTotal: 580 });
  });

  it('applies the rate line effective on DocDate (VatGroups_Lines.Effectivefrom)', async () => {
    await control(running.origin, 'vat-groups', {
      Code: 'O1',
      VatGroups_Lines: [
        { Effectivefrom: '2020-01-01', Rate: 16 },
        { Effectivefrom: '2026-03-01', Rate: 18 },
      ],
    });
    const march = await client.post<Entity>('Invoices', arWith(line({ VatGroup: 'O1' })));
    const february = await client.post<Entity>(
      'Invoices',
      invoiceBody({ DocDate: '2026-02-28', DocumentLines: [line({ VatGroup: 'O1' })] }),
    );
    expect([march.body.VatSum, february.body.VatSum]).toEqual([180, 160]);
  });

  // SAP KBA 2693418: "(-10) 10000180 - Specify valid tax code" (the code does not exist) and "(-10) 10000180 -
  // Invalid VAT Group" (an input group on a sales document).
  it.each([
    [
      'Invoices',
      arWith(line({ VatGroup: 'X9' })),
      "Line 1: Specify valid tax code; VAT group 'X9' does not exist",
    ],
    ['Invoices', arWith(line({}), line({ VatGroup: 'O2' })), "Line 2: Invalid VAT Group; 'O2' is inactive"],
    [
      'Invoices',
      arWith(line({ VatGroup: 'I1' })),
      "Line 1: Invalid VAT Group; 'I1' is not an output tax group",
    ],
    [
      'PurchaseInvoices',
      apWith({ LineTotal: 5, VatGroup: 'O1' }),
      "Line 1: Invalid VAT Group; 'O1' is not an input tax group",
    ],
    [
      'Invoices',
      invoiceBody({ DocDate: '2020-01-01', DocumentLines: [line({ VatGroup: 'O9' })] }),
      "Line 1: Invalid VAT Group; 'O9' has no rate on 2020-01-01",
    ],
  ])('%s refuses %#', async (set, body, message) => {
    await control(running.origin, 'vat-groups', {
      Code: 'O9',
      Name: 'Future',
      Category: 'bovcOutputTax',
      VatGroups_Lines: [{ Effectivefrom: '2027-01-01', Rate: 20 }],
    });
    expectSapError(await client.post(set, body), { status: 400, code: -10, message });
  });
});

describe('distribution rules (CostingCode = dimension 1 ... CostingCode5 = dimension 5)', () => {
  it('posts documents and journal lines naming an active rule of each dimension, and returns them', async () => {
    const codes = { CostingCode: 'KCA123A', CostingCode2: 'MSA-NBO', CostingCode3: 'OPS' };
    const invoice = await client.post<Entity>('Invoices', arWith(line(codes)));
    expect(invoice.status).toBe(201);
    expect(invoice.body.DocumentLines[0]).toMatchObject({ ...codes, CostingCode4: null, CostingCode5: null });
    const journal = await client.post<Journal>(
      'JournalEntries',
      journalWith(codes, { CostingCode2: 'NBO-KLA' }),
    );
    expect(journal.status).toBe(201);
    expect(journal.body.JournalEntryLines[0]).toMatchObject(codes);
  });

  it('takes dimensions 4 and 5 once rules exist there', async () => {
    await control(running.origin, 'distribution-rules', [
      { FactorCode: 'PRJ-1', FactorDescription: 'Project 1', InWhichDimension: 4 },
      { FactorCode: 'CUST-A', FactorDescription: 'Key account A', InWhichDimension: 5 },
    ]);
    const reply = await client.post<Entity>(
      'Invoices',
      arWith(line({ CostingCode4: 'PRJ-1', CostingCode5: 'CUST-A' })),
    );
    expect(reply.body.DocumentLines[0]).toMatchObject({ CostingCode4: 'PRJ-1', CostingCode5: 'CUST-A' });
  });

  it.each([
    [
      'Invoices',
      arWith(line({ CostingCode: 'KXX999X' })),
      "Line 1: distribution rule 'KXX999X' in CostingCode does not exist",
    ],
    [
      'Invoices',
      arWith(line({ CostingCode: 'KBZ001Z' })),
      "Line 1: distribution rule 'KBZ001Z' in CostingCode is inactive",
    ],
    [
      'Invoices',
      arWith(line({ CostingCode: 'MSA-NBO' })),
      "Line 1: distribution rule 'MSA-NBO' is in dimension 2; CostingCode takes dimension 1",
    ],
    [
      'PurchaseInvoices',
      apWith({ LineTotal: 5, CostingCode3: 'KCA123A' }),
      "Line 1: distribution rule 'KCA123A' is in dimension 1; CostingCode3 takes dimension 3",
    ],
    [
      'JournalEntries',
      journalWith({}, { CostingCode2: 'OPS' }),
      "Line 2: distribution rule 'OPS' is in dimension 3; CostingCode2 takes dimension 2",
    ],
    [
      'JournalEntries',
      journalWith({ CostingCode: 'KBZ001Z' }),
      "Line 1: distribution rule 'KBZ001Z' in CostingCode is inactive",
    ],
  ])('%s refuses %#', async (set, body, message) => {
    expectSapError(await client.post(set, body), { status: 400, code: -10, message });
  });
});

describe('branches (AdminInfo.EnableBranches)', () => {
  it('with branches off (the seed) a document or line naming a branch is refused, and none is returned', async () => {
    expectSapError(await client.post('Invoices', invoiceBody({ BPL_IDAssignedToInvoice: 1 })), {
      status: 400,
      code: -10,
      message: 'Branches are not enabled in this company; remove BPL_IDAssignedToInvoice',
    });
    expectSapError(await client.post('JournalEntries', journalWith({ BPLID: 1 })), {
      status: 400,
      code: -10,
      message: 'Branches are not enabled in this company; remove BPLID of line 1',
    });
    const journal = await client.post<Journal>('JournalEntries', journalBody());
    expect(journal.body.JournalEntryLines[0]).toMatchObject({ BPLID: null, BPLName: null });
  });

  it('with branches on, documents need an enabled BPL_IDAssignedToInvoice and get its BPLName', async () => {
    await control(running.origin, 'company', { EnableBranches: true });
    const posted = await client.post<Entity>('Invoices', invoiceBody({ BPL_IDAssignedToInvoice: 2 }));
    expect(posted.body).toMatchObject({ BPL_IDAssignedToInvoice: 2, BPLName: 'Mombasa' });
    const found = await client.get<{ value: unknown[] }>(
      'Invoices?$filter=BPL_IDAssignedToInvoice eq 2&$select=DocEntry,BPLName',
    );
    expect(found.body.value).toEqual([{ DocEntry: posted.body.DocEntry, BPLName: 'Mombasa' }]);
  });

  it('with branches on, every journal line needs an enabled BPLID', async () => {
    await control(running.origin, 'company', { EnableBranches: true });
    const posted = await client.post<Journal>('JournalEntries', journalWith({ BPLID: 1 }, { BPLID: 3 }));
    expect(posted.body.JournalEntryLines.map((l) => [l.BPLID, l.BPLName])).toEqual([
      [1, 'Nairobi HQ'],
      [3, 'Kampala'],
    ]);
  });

  it.each([
    [
      'Invoices',
      invoiceBody(),
      'Branch is missing: BPL_IDAssignedToInvoice is required when the company uses branches',
    ],
    [
      'JournalEntries',
      journalWith({ BPLID: 1 }),
      'Branch is missing: BPLID of line 2 is required when the company uses branches',
    ],
    [
      'PurchaseInvoices',
      invoiceBody({ CardCode: 'T20001', BPL_IDAssignedToInvoice: 9 }),
      'Branch 9 is not defined',
    ],
    [
      'Invoices',
      invoiceBody({ BPL_IDAssignedToInvoice: 4 }),
      'Branch 4 is inactive; select an active branch',
    ],
    [
      'JournalEntries',
      journalWith({ BPLID: 1 }, { BPLID: 4 }),
      'Branch 4 is inactive; select an active branch',
    ],
  ])('with branches on, %s refuses %#', async (set, body, message) => {
    await control(running.origin, 'company', { EnableBranches: 'tYES' });
    expectSapError(await client.post(set, body), { status: 400, code: -10, message });
  });

  it('stores nothing for any of those refusals', async () => {
    await control(running.origin, 'company', { EnableBranches: true });
    await client.post('Invoices', invoiceBody());
    await client.post('Invoices', arWith(line({ VatGroup: 'I1' })));
    const stored: ReadBack = await documents();
    expect(stored.invoices).toEqual([]);
  });
});
