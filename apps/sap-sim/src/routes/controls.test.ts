import { describe, expect, it } from 'vitest';
import type { SimConfig } from '../config.js';
import {
  control,
  expectSapError,
  invoiceBody,
  journalBody,
  useFreshSim,
  type Collection,
  type JournalEntryView,
} from '../testing/harness.js';

const running = useFreshSim();
const { client, documents, stats } = running;

describe('/__sim/config', () => {
  it('starts from the defaults and merges partial updates', async () => {
    expect((await control<SimConfig>(running.origin, 'config')).body).toEqual({
      latencyMs: 0,
      writeLatencyMs: 0,
      errorRate: 0,
      dropReplyRate: 0,
      sessionTimeoutSeconds: 1800,
      forceErrorShape: null,
    });
    const updated = await control<SimConfig>(running.origin, 'config', {
      latencyMs: [5, 10],
      errorRate: 0.25,
    });
    expect(updated.body).toMatchObject({ latencyMs: [5, 10], errorRate: 0.25, dropReplyRate: 0 });
  });

  it.each([
    [{ errorRate: 2 }, 'errorRate must be a number from 0 to 1'],
    [
      { latencyMs: [10, 5] },
      'latencyMs must be a number of milliseconds >= 0 or a pair [min, max] with min <= max',
    ],
    [{ forceErrorShape: 'xml' }, "forceErrorShape must be 'v1', 'v2', 'plain' or null"],
    [{ errorrate: 1 }, "Unknown config key 'errorrate'"],
  ])('refuses %j', async (body, message) => {
    const reply = await control(running.origin, 'config', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: message });
  });

  it('delays Service Layer calls by latencyMs', async () => {
    await control(running.origin, 'config', { latencyMs: 250 });
    const started = Date.now();
    expect((await client.get('BusinessPartners?$top=1')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('delays only document writes by writeLatencyMs (a slow commit that a look-up does not share)', async () => {
    await control(running.origin, 'config', { writeLatencyMs: 300 });
    let started = Date.now();
    expect((await client.get('JournalEntries?$top=1')).status).toBe(200);
    const read = Date.now() - started;
    started = Date.now();
    expect((await client.post('JournalEntries', journalBody())).status).toBe(201);
    const write = Date.now() - started;
    expect(write).toBeGreaterThanOrEqual(290);
    expect(write - read).toBeGreaterThanOrEqual(150);
  });

  it('errorRate 1 answers 500 / -5002 before doing anything: nothing is stored', async () => {
    await control(running.origin, 'config', { errorRate: 1 });
    const reply = await client.post('JournalEntries', journalBody());
    expectSapError(reply, { status: 500, code: -5002, message: /injected by the simulator/ });
    expectSapError(await client.post('Login', {}), { status: 500, code: -5002, message: /errorRate/ });
    expect(await documents()).toEqual({ journalEntries: [], invoices: [], purchaseInvoices: [] });
    expect((await stats()).injectedErrors).toBe(2);
  });

  it('dropReplyRate 1 commits the POST, then closes the socket without a reply', async () => {
    await control(running.origin, 'config', { dropReplyRate: 1 });
    await expect(client.post('JournalEntries', journalBody({ Reference3: 'FF-DROP-1' }))).rejects.toThrow();
    await expect(client.post('Invoices', invoiceBody())).rejects.toThrow();
    // Reads still answer, so the exactly-once look-up finds what was committed.
    const found = await client.get<Collection<{ JdtNum: number }>>(
      "JournalEntries?$filter=Reference3 eq 'FF-DROP-1'",
    );
    expect(found.body.value).toHaveLength(1);
    const readBack = await documents();
    expect(readBack.journalEntries.map((j) => j.Reference3)).toEqual(['FF-DROP-1']);
    expect(readBack.invoices).toHaveLength(1);
    expect((await stats()).droppedReplies).toBe(2);
  });

  it('dropReplyRate does not drop refused writes: they answer their error', async () => {
    await control(running.origin, 'config', { dropReplyRate: 1 });
    const reply = await client.post('JournalEntries', journalBody({ Foo: 1 }));
    expect(reply.status).toBe(400);
  });

  it('forceErrorShape answers every error in the forced shape on either path', async () => {
    await control(running.origin, 'config', { forceErrorShape: 'plain' });
    const unknown = { status: 400, code: -2028, message: 'No matching records found (ODBC -2028)' };
    const body = journalBody({
      JournalEntryLines: [
        { AccountCode: '1', Debit: 1 },
        { AccountCode: '2', Credit: 1 },
      ],
    });
    expectSapError(await client.post('JournalEntries', body), unknown, 'plain');
    await control(running.origin, 'config', { forceErrorShape: 'v2' });
    expectSapError(await client.post('JournalEntries', body), unknown, 'v2');
    await control(running.origin, 'config', { forceErrorShape: null });
    expectSapError(await client.post('JournalEntries', body), unknown, 'v1');
  });
});

describe('/__sim/reset', () => {
  it('goes back to the seed and the default config, keeping sessions', async () => {
    await client.post('JournalEntries', journalBody());
    await control(running.origin, 'accounts', { Code: '999001', Name: 'Test account' });
    await control(running.origin, 'periods/lock', { from: '2026-03' });
    await control(running.origin, 'config', { latencyMs: 5 });
    expect((await control(running.origin, 'reset', {})).body).toEqual({ reset: true });

    expect((await documents()).journalEntries).toEqual([]);
    expect((await control(running.origin, 'periods')).body).toMatchObject({ locked: [] });
    expect((await control<SimConfig>(running.origin, 'config')).body.latencyMs).toBe(0);
    expectSapError(await client.get("ChartOfAccounts('999001')"), {
      status: 404,
      code: -2028,
      message: /-2028/,
    });
    const again = await client.post<JournalEntryView>('JournalEntries', journalBody());
    expect(again.body.JdtNum).toBe(1001);
  });
});

describe('/__sim master data', () => {
  it('adds and updates accounts, which posting then honours', async () => {
    const added = await control(running.origin, 'accounts', [
      { Code: '999001', Name: 'Suspense - Test', AccountType: 'at_Expenses' },
      { Code: '500100', FrozenFor: 'tYES' },
    ]);
    expect(added.status).toBe(200);
    const account = await client.get<Record<string, string>>("ChartOfAccounts('999001')");
    expect(account.body).toMatchObject({ Name: 'Suspense - Test', ActiveAccount: 'tYES', FrozenFor: 'tNO' });
    expectSapError(await client.post('JournalEntries', journalBody()), {
      status: 400,
      code: -10,
      message: "Account '500100' is frozen; select another account",
    });
  });

  it('adds and updates business partners', async () => {
    await control(running.origin, 'business-partners', [
      { CardCode: 'T20042', CardName: 'New Haulier Ltd', CardType: 'cSupplier' },
      { CardCode: 'C10001', Frozen: 'tYES' },
    ]);
    const partner = await client.get<Record<string, string>>("BusinessPartners('T20042')");
    expect(partner.body).toMatchObject({
      CardName: 'New Haulier Ltd',
      Frozen: 'tNO',
      DebitorAccount: '210100',
    });
    expectSapError(await client.post('Invoices', invoiceBody()), {
      status: 400,
      code: -10,
      message: "Business partner 'C10001' is frozen",
    });
  });

  it.each([
    ['accounts', { Code: '999002' }, 'Name is required to add a ChartOfAccount'],
    ['accounts', { Code: '999003', Name: 'x', AccountType: 'Revenue' }, /AccountType/],
    [
      'business-partners',
      { CardCode: 'X1', CardName: 'No type' },
      'CardType is required to add a BusinessPartner',
    ],
    [
      'business-partners',
      { CardCode: 'X1', Colour: 'red' },
      "Property 'Colour' of 'BusinessPartner' is invalid",
    ],
  ])('refuses a bad %s body', async (path, body, message) => {
    const reply = await control<{ error: string }>(running.origin, path, body);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(message);
  });
});

describe('/__sim read-back and counters', () => {
  it('lists every document with its cancelled flag, and counts requests per entity', async () => {
    const je = await client.post<JournalEntryView>('JournalEntries', journalBody());
    await client.post('Invoices', invoiceBody());
    await client.post('PurchaseInvoices', invoiceBody({ CardCode: 'T20001' }));
    await client.post(`JournalEntries(${je.body.JdtNum})/Cancel`);
    await client.get('ChartOfAccounts?$top=1');
    await client.post('JournalEntries', { Memo: 'bad' });

    const readBack = await documents();
    expect(readBack.journalEntries.map((j) => [j.JdtNum, j.cancelled])).toEqual([
      [je.body.JdtNum, true],
      [je.body.JdtNum + 3, false],
    ]);
    expect(readBack.invoices.map((d) => d.cancelled)).toEqual([false]);
    expect(readBack.purchaseInvoices).toHaveLength(1);

    const counted = await stats();
    expect(counted.requests).toMatchObject({
      Login: 1,
      JournalEntries: 3,
      Invoices: 1,
      PurchaseInvoices: 1,
      ChartOfAccounts: 1,
    });
    expect(counted.created).toEqual({ JournalEntries: 1, Invoices: 1, PurchaseInvoices: 1 });
    // Writes as they arrived, refused and Cancel included; the GET and the Login are not writes.
    expect(counted.writes).toEqual({ JournalEntries: 3, Invoices: 1, PurchaseInvoices: 1 });
    expect(counted.rejected).toBe(1);
  });

  it('answers 404 for an unknown control and reports health', async () => {
    expect((await control(running.origin, 'nope')).status).toBe(404);
    expect((await control(running.origin, 'health')).body).toEqual({ ok: true });
  });
});
