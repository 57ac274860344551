import { describe, expect, it } from 'vitest';
import {
  control,
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
const { client, documents, stats } = running;
const periodLocked = {
  status: 400,
  code: -4013,
  message: 'Posting period locked; specify an alternative date',
};

/** A purchase invoice as our first transporter journal's supplier invoice would be, with every copied field. */
const transporterInvoice = () =>
  invoiceBody({
    CardCode: 'T20003',
    DocDate: '2026-03-10',
    DocDueDate: '2026-04-09',
    TaxDate: '2026-03-08',
    NumAtCard: 'BTK-2291',
    Comments: 'TRP-2026-003976',
    Reference2: 'FF-FJ-7',
    DocumentLines: [
      { AccountCode: '500100', Quantity: 2, Price: 45000.25 },
      { AccountCode: '510200', LineTotal: 1200 },
    ],
  });

describe.each(['Invoices', 'PurchaseInvoices'] as const)('%s(n)/Cancel', (entitySet) => {
  const body = () =>
    entitySet === 'Invoices' ? invoiceBody({ NumAtCard: 'PO-1', Comments: 'c' }) : transporterInvoice();
  const label = entitySet === 'Invoices' ? 'Invoice' : 'Purchase invoice';

  it('adds a cancellation document with new numbers and the same partner, dates, references and lines', async () => {
    const posted = await client.post<DocumentView>(entitySet, body());
    expect(posted.body.CancelStatus).toBe('csNo');
    const reply = await client.post(`${entitySet}(${posted.body.DocEntry})/Cancel`);
    expect(reply.status).toBe(204);
    expect(reply.body).toBeUndefined();

    const all = await client.get<Collection<DocumentView>>(entitySet);
    const [original, cancellation] = all.body.value;
    expect(all.body.value).toHaveLength(2);
    expect(original).toMatchObject({
      DocEntry: posted.body.DocEntry,
      Cancelled: 'tYES',
      CancelStatus: 'csYes',
      DocumentStatus: 'bost_Close',
    });
    const { DocEntry, DocNum, TransNum, Reference1, Cancelled, CancelStatus, DocumentStatus, ...same } =
      posted.body as DocumentView & Record<string, unknown>;
    delete same['odata.metadata'];
    expect(cancellation).toMatchObject({
      ...same,
      Cancelled: 'tNO',
      CancelStatus: 'csCancellation',
      DocumentStatus: 'bost_Close',
    });
    expect(cancellation?.DocEntry).toBe(DocEntry + 1);
    expect(cancellation?.DocNum).toBe(DocNum + 1);
    expect(cancellation?.Reference1).toBe(String(DocNum + 1));
    expect(cancellation?.TransNum).toBeGreaterThan(TransNum);
    expect([Reference1, Cancelled, CancelStatus, DocumentStatus]).toEqual([
      String(DocNum),
      'tNO',
      'csNo',
      'bost_Open',
    ]);

    const readBack = await documents();
    const stored = entitySet === 'Invoices' ? readBack.invoices : readBack.purchaseInvoices;
    expect(stored.map((d) => [d.DocEntry, d.cancelled, d.reversedBy, d.reversalOf])).toEqual([
      [DocEntry, true, DocEntry + 1, undefined],
      [DocEntry + 1, false, undefined, DocEntry],
    ]);
    expect(stored[0]?.cancelledAt).toEqual(expect.any(String));
  });

  it('refuses a second Cancel and a Cancel of the cancellation document', async () => {
    const posted = await client.post<DocumentView>(entitySet, body());
    await client.post(`${entitySet}(${posted.body.DocEntry})/Cancel`);
    expectSapError(await client.post(`${entitySet}(${posted.body.DocEntry})/Cancel`), {
      status: 400,
      code: -10,
      message: `${label} ${posted.body.DocEntry} is already cancelled`,
    });
    const v2 = await loggedIn(running.v2);
    expectSapError(
      await v2.post(`${entitySet}(${posted.body.DocEntry + 1})/Cancel`),
      {
        status: 400,
        code: -10,
        message: `${label} ${posted.body.DocEntry + 1} is a cancellation document and cannot be cancelled`,
      },
      'v2',
    );
    expect((await client.get<Collection<DocumentView>>(entitySet)).body.value).toHaveLength(2);
  });

  it.each(['lock', 'close'])(
    'refuses with -4013 when the period of DocDate is %sed, and cancels once it is open',
    async (action) => {
      const posted = await client.post<DocumentView>(entitySet, body());
      await control(running.origin, `periods/${action}`, { from: '2026-03' });
      expectSapError(await client.post(`${entitySet}(${posted.body.DocEntry})/Cancel`), periodLocked);
      const untouched = await client.get<DocumentView>(`${entitySet}(${posted.body.DocEntry})`);
      expect(untouched.body).toMatchObject({ Cancelled: 'tNO', CancelStatus: 'csNo' });
      expect((await client.get<Collection<DocumentView>>(entitySet)).body.value).toHaveLength(1);

      await control(running.origin, 'periods/unlock', { from: '2026-03' });
      expect((await client.post(`${entitySet}(${posted.body.DocEntry})/Cancel`)).status).toBe(204);
    },
  );
});

describe('finding both documents by our key', () => {
  it("Invoices?$filter=Reference2 eq 'X' answers the original and its cancellation, told apart by CancelStatus", async () => {
    const posted = await client.post<DocumentView>('Invoices', invoiceBody({ Reference2: 'FFSI42' }));
    await client.post('Invoices', invoiceBody({ Reference2: 'FFSI43' }));
    await client.post(`Invoices(${posted.body.DocEntry})/Cancel`);
    const found = await client.get<Collection<Pick<DocumentView, 'DocEntry' | 'CancelStatus' | 'DocTotal'>>>(
      "Invoices?$filter=Reference2 eq 'FFSI42'&$select=DocEntry,CancelStatus,DocTotal",
    );
    expect(found.body.value).toEqual([
      { DocEntry: posted.body.DocEntry, CancelStatus: 'csYes', DocTotal: 185000 },
      { DocEntry: posted.body.DocEntry + 2, CancelStatus: 'csCancellation', DocTotal: 185000 },
    ]);
    const open = await client.get<Collection<{ DocEntry: number }>>(
      "Invoices?$filter=Reference2 eq 'FFSI42' and CancelStatus eq 'csNo'",
    );
    expect(open.body.value).toEqual([]);
  });

  it('a journal reversal carries the same Reference3 with every side swapped', async () => {
    const posted = await client.post<JournalEntryView>(
      'JournalEntries',
      journalBody({ Reference3: 'FF-SJ-9' }),
    );
    await client.post(`JournalEntries(${posted.body.JdtNum})/Cancel`);
    const found = await client.get<Collection<JournalEntryView>>(
      "JournalEntries?$filter=Reference3 eq 'FF-SJ-9'",
    );
    const [original, reversal] = found.body.value;
    expect(found.body.value).toHaveLength(2);
    expect(reversal?.Reference3).toBe('FF-SJ-9');
    expect(reversal?.ReferenceDate).toBe(original?.ReferenceDate);
    const sides = (je?: JournalEntryView) =>
      je?.JournalEntryLines.map((l) => [l.AccountCode, l.Debit, l.Credit]);
    expect(sides(original)).toEqual([
      ['500100', 125000.5, 0],
      ['210200', 0, 125000.5],
    ]);
    expect(sides(reversal)).toEqual([
      ['500100', 0, 125000.5],
      ['210200', 125000.5, 0],
    ]);
  });
});

describe('faults apply to Cancel as to document POSTs', () => {
  it('dropReplyRate 1: the Cancel commits, then the reply is lost; a look-up finds the cancellation', async () => {
    const je = await client.post<JournalEntryView>(
      'JournalEntries',
      journalBody({ Reference3: 'FF-DROP-J' }),
    );
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody({ Reference2: 'FFDROP1' }));
    await control(running.origin, 'config', { dropReplyRate: 1 });
    await expect(client.post(`JournalEntries(${je.body.JdtNum})/Cancel`)).rejects.toThrow();
    await expect(client.post(`Invoices(${invoice.body.DocEntry})/Cancel`)).rejects.toThrow();

    const journals = await client.get<Collection<JournalEntryView>>(
      "JournalEntries?$filter=Reference3 eq 'FF-DROP-J'",
    );
    expect(journals.body.value).toHaveLength(2);
    const invoices = await client.get<Collection<DocumentView>>("Invoices?$filter=Reference2 eq 'FFDROP1'");
    expect(invoices.body.value.map((d) => d.CancelStatus)).toEqual(['csYes', 'csCancellation']);
    expect((await stats()).droppedReplies).toBe(2);

    // A retried Cancel is refused as already cancelled, and answers (refusals are never dropped).
    expectSapError(await client.post(`Invoices(${invoice.body.DocEntry})/Cancel`), {
      status: 400,
      code: -10,
      message: /already cancelled/,
    });
  });

  it('errorRate 1: the Cancel answers 500 / -5002 and nothing changes', async () => {
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody());
    const je = await client.post<JournalEntryView>('JournalEntries', journalBody());
    const before = await documents();
    await control(running.origin, 'config', { errorRate: 1 });
    const injected = { status: 500, code: -5002, message: /injected by the simulator/ };
    expectSapError(await client.post(`Invoices(${invoice.body.DocEntry})/Cancel`), injected);
    expectSapError(await client.post(`JournalEntries(${je.body.JdtNum})/Cancel`), injected);
    expect(await documents()).toEqual(before);
    expect((await stats()).injectedErrors).toBe(2);
  });

  it('latencyMs delays a Cancel', async () => {
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody());
    await control(running.origin, 'config', { latencyMs: 200 });
    const started = Date.now();
    expect((await client.post(`Invoices(${invoice.body.DocEntry})/Cancel`)).status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('needs a session', async () => {
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody());
    await control(running.origin, 'expire-sessions', {});
    expectSapError(await client.post(`Invoices(${invoice.body.DocEntry})/Cancel`), {
      status: 401,
      code: 301,
      message: 'Invalid session or session already timeout.',
    });
    expect((await documents()).invoices.map((d) => d.cancelled)).toEqual([false]);
  });
});
