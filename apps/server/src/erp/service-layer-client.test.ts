import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedAccounts } from '@ff/sap-sim';
import { describe, expect, it } from 'vitest';
import type { SapCredentials } from './service-layer-client.js';
import { cashAdvance, failure, rules, useSimulatorClients } from '../test/simulator-clients.js';

/** The Service Layer client's sessions, paging and look-ups (its errors: service-layer-errors.test.ts). */
const suite = useSimulatorClients();
const { client } = suite;

describe('sessions', () => {
  it('logs in once for 50 concurrent callers and reuses the session', async () => {
    const sap = client();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        sap.get<{ value: unknown[] }>('ChartOfAccounts', { $select: 'Code', $top: 1 }),
      ),
    );
    expect(answers.every((a) => a.value.length === 1)).toBe(true);
    await sap.get('BusinessPartners', { $top: 1 });
    const stats = await suite.sim.stats();
    expect(stats.logins).toBe(1);
    expect(stats.requests.ChartOfAccounts).toBe(50);
  });

  it('logs in again, once, after SAP expired the session, and retries the calls', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/expire-sessions', {});
    await Promise.all(Array.from({ length: 20 }, () => sap.get('ChartOfAccounts', { $top: 1 })));
    expect((await suite.sim.stats()).logins).toBe(2);
  });

  it('retries a POST once after a session expiry, creating exactly one document', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/expire-sessions', {});
    const document = cashAdvance('FF-CA-9001');
    const created = await sap.post<{ JdtNum: number }>(document.entity, document.payload);
    expect(created.JdtNum).toBeGreaterThan(0);
    const { journalEntries } = await suite.sim.documents();
    expect(journalEntries.filter((d) => d.Reference3 === 'FF-CA-9001')).toHaveLength(1);
    expect((await suite.sim.stats()).logins).toBe(2);
  });

  it('uses new credentials on the next call after they change', async () => {
    let credentials: SapCredentials = suite.sim.credentials;
    const sap = client({ credentials: async () => credentials });
    await sap.get('ChartOfAccounts', { $top: 1 });
    credentials = { ...suite.sim.credentials, password: 'wrong-password' };
    const error = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(error.kind).toBe('auth');
    credentials = { ...suite.sim.credentials };
    await sap.get('ChartOfAccounts', { $top: 1 });
    const stats = await suite.sim.stats();
    expect(stats.logins).toBe(2);
    expect(stats.failedLogins).toBe(1);
  });

  it('reports wrong credentials as auth with SAP text', async () => {
    const sap = client({ credentials: async () => ({ ...suite.sim.credentials, password: 'nope' }) });
    const error = await failure(sap.get('ChartOfAccounts'));
    expect(error).toMatchObject({ kind: 'auth', status: 401, code: '100000027', message: 'Login failed' });
    expect(error.nothingWritten).toBe(true);
  });

  it('reports missing credentials without calling SAP', async () => {
    const sap = client({ credentials: async () => null });
    const error = await failure(sap.post('JournalEntries', {}));
    expect(error).toMatchObject({ kind: 'auth', code: 'not-configured' });
    expect((await suite.sim.stats()).requests).toEqual({});
  });

  it('testLogin logs in and out without touching the shared session', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await expect(sap.testLogin(suite.sim.credentials)).resolves.toMatchObject({ sessionTimeoutMinutes: 30 });
    const wrong = await failure(sap.testLogin({ ...suite.sim.credentials, password: 'bad' }));
    expect(wrong).toMatchObject({ kind: 'auth', message: 'Login failed' });
    await sap.get('ChartOfAccounts', { $top: 1 });
    const stats = await suite.sim.stats();
    expect(stats.logins).toBe(2); // the shared one and the test
    expect(stats.logouts).toBe(1);
  });
});

describe('paging and look-ups', () => {
  it('follows odata.nextLink through the whole chart of accounts (v1)', async () => {
    const accounts = await client().getAll<{ Code: string }>(
      'ChartOfAccounts',
      { $select: 'Code' },
      { pageSize: 50 },
    );
    const expected = seedAccounts().map((a) => a.Code);
    expect(expected.length).toBeGreaterThanOrEqual(250);
    expect(accounts.map((a) => a.Code).sort()).toEqual([...expected].sort());
    expect((await suite.sim.stats()).requests.ChartOfAccounts).toBe(Math.ceil(expected.length / 50));
  });

  it('follows @odata.nextLink on /b1s/v2 with the default page size', async () => {
    const accounts = await client({ baseUrl: suite.sim.url.replace('/v1', '/v2') }).getAll<{ Code: string }>(
      'ChartOfAccounts',
      { $select: 'Code' },
      { pageSize: 20 },
    );
    expect(accounts).toHaveLength(seedAccounts().length);
  });

  it('finds a document by a reference that contains a quote', async () => {
    const sap = client();
    const document = cashAdvance("FF-O'NEIL-1");
    const created = await sap.post<{ JdtNum: number; Number: number }>(document.entity, document.payload);
    expect(await sap.findByReference('JournalEntries', 'Reference3', "FF-O'NEIL-1")).toEqual({
      JdtNum: created.JdtNum,
      Number: created.Number,
    });
    expect(await sap.findByReference('JournalEntries', 'Reference3', "FF-O'NEIL-2")).toBeNull();
  });

  it('finds an A/R invoice by its key in Reference2', async () => {
    const sap = client();
    const invoice = rules.salesInvoice({
      key: 'FF-SI-42',
      customerCode: 'C10001',
      amount: '125000.00',
      postingDate: '2025-06-30',
      documentDate: '2025-06-01',
    });
    const created = await sap.post<{ DocEntry: number; DocNum: number; DocTotal: number }>(
      invoice.entity,
      invoice.payload,
    );
    expect(created.DocTotal).toBe(125000);
    expect(await sap.findByReference('Invoices', 'Reference2', 'FF-SI-42')).toEqual({
      DocEntry: created.DocEntry,
      DocNum: created.DocNum,
    });
  });

  it('refuses to follow a next link to another host', async () => {
    const evil = createServer((request, response) => {
      if (request.url?.endsWith('/Login')) {
        response.writeHead(200, { 'set-cookie': 'B1SESSION=secret; HttpOnly' });
        response.end(JSON.stringify({ SessionId: 'secret', SessionTimeout: 30 }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ value: [{ Code: '1' }], 'odata.nextLink': 'http://attacker.example/steal?x=1' }),
      );
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const sap = client({ baseUrl: `http://127.0.0.1:${(evil.address() as AddressInfo).port}/b1s/v1` });
      const error = await failure(sap.getAll('ChartOfAccounts'));
      expect(error.kind).toBe('unavailable');
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
  });
});
