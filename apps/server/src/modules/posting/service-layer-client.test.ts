import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedAccounts } from '@ff/sap-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SAP_POSTING_ACCOUNTS } from '../../config/sap-accounts.js';
import { createPostingRules } from '../records/kinds/index.js';
import { SapError } from '../../erp/sap-error.js';
import {
  createServiceLayerClient,
  type SapCredentials,
  type ServiceLayerClientOptions,
} from '../../erp/service-layer-client.js';
import { startTestSimulator, type RunningSimulator } from '../../test/simulator.js';

let sim: RunningSimulator;
const clients: { close(): Promise<void> }[] = [];
const rules = createPostingRules(DEFAULT_SAP_POSTING_ACCOUNTS);

function client(overrides: Partial<ServiceLayerClientOptions> = {}) {
  const created = createServiceLayerClient({
    baseUrl: sim.url,
    credentials: async () => sim.credentials,
    timeoutMs: 5_000,
    ...overrides,
  });
  clients.push(created);
  return created;
}

const cashAdvance = (key: string, amount = '1500.00') =>
  rules.cashAdvance({
    key,
    amount,
    transporterCode: 'T20001',
    pettyCashAccount: '110101',
    postingDate: '2025-06-30',
    documentDate: '2025-06-28',
    memo: 'Cash advance test',
  });

/** The SapError a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<SapError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SapError);
    return error as SapError;
  }
  throw new Error('Expected the call to fail');
}

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await sim.close();
});
beforeEach(async () => {
  await sim.control('/__sim/reset', {});
});

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
    const stats = await sim.stats();
    expect(stats.logins).toBe(1);
    expect(stats.requests.ChartOfAccounts).toBe(50);
  });

  it('logs in again, once, after SAP expired the session, and retries the calls', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/expire-sessions', {});
    await Promise.all(Array.from({ length: 20 }, () => sap.get('ChartOfAccounts', { $top: 1 })));
    expect((await sim.stats()).logins).toBe(2);
  });

  it('retries a POST once after a session expiry, creating exactly one document', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/expire-sessions', {});
    const document = cashAdvance('FF-CA-9001');
    const created = await sap.post<{ JdtNum: number }>(document.entity, document.payload);
    expect(created.JdtNum).toBeGreaterThan(0);
    const { journalEntries } = await sim.documents();
    expect(journalEntries.filter((d) => d.Reference3 === 'FF-CA-9001')).toHaveLength(1);
    expect((await sim.stats()).logins).toBe(2);
  });

  it('uses new credentials on the next call after they change', async () => {
    let credentials: SapCredentials = sim.credentials;
    const sap = client({ credentials: async () => credentials });
    await sap.get('ChartOfAccounts', { $top: 1 });
    credentials = { ...sim.credentials, password: 'wrong-password' };
    const error = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(error.kind).toBe('auth');
    credentials = { ...sim.credentials };
    await sap.get('ChartOfAccounts', { $top: 1 });
    const stats = await sim.stats();
    expect(stats.logins).toBe(2);
    expect(stats.failedLogins).toBe(1);
  });

  it('reports wrong credentials as auth with SAP text', async () => {
    const sap = client({ credentials: async () => ({ ...sim.credentials, password: 'nope' }) });
    const error = await failure(sap.get('ChartOfAccounts'));
    expect(error).toMatchObject({ kind: 'auth', status: 401, code: '100000027', message: 'Login failed' });
    expect(error.nothingWritten).toBe(true);
  });

  it('reports missing credentials without calling SAP', async () => {
    const sap = client({ credentials: async () => null });
    const error = await failure(sap.post('JournalEntries', {}));
    expect(error).toMatchObject({ kind: 'auth', code: 'not-configured' });
    expect((await sim.stats()).requests).toEqual({});
  });

  it('testLogin logs in and out without touching the shared session', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await expect(sap.testLogin(sim.credentials)).resolves.toMatchObject({ sessionTimeoutMinutes: 30 });
    const wrong = await failure(sap.testLogin({ ...sim.credentials, password: 'bad' }));
    expect(wrong).toMatchObject({ kind: 'auth', message: 'Login failed' });
    await sap.get('ChartOfAccounts', { $top: 1 });
    const stats = await sim.stats();
    expect(stats.logins).toBe(2); // the shared one and the test
    expect(stats.logouts).toBe(1);
  });
});

describe('errors', () => {
  const unbalanced = {
    ReferenceDate: '2025-06-30',
    Reference3: 'FF-TEST-UNBAL',
    JournalEntryLines: [
      { AccountCode: '110101', Debit: 100 },
      { AccountCode: '500100', Credit: 99.99 },
    ],
  };

  it.each(['v1', 'v2', 'plain'] as const)(
    'parses the %s error shape of a business refusal',
    async (shape) => {
      await sim.control('/__sim/config', { forceErrorShape: shape });
      const error = await failure(client().post('JournalEntries', unbalanced));
      expect(error).toMatchObject({ kind: 'business', status: 400, code: '-10' });
      expect(error.message).toBe(
        'Unbalanced transaction: total debit 100.00 and total credit 99.99 must be equal',
      );
      expect(error.nothingWritten).toBe(true);
      expect((await sim.documents()).journalEntries).toHaveLength(0);
    },
  );

  it('answers an unknown account as a business error with code -2028', async () => {
    const document = rules.cashAdvance({
      key: 'FF-CA-9002',
      amount: '10.00',
      transporterCode: 'T20001',
      pettyCashAccount: '999999',
      postingDate: '2025-06-30',
      documentDate: '2025-06-30',
    });
    const error = await failure(client().post(document.entity, document.payload));
    expect(error).toMatchObject({
      kind: 'business',
      code: '-2028',
      message: 'No matching records found (ODBC -2028)',
    });
  });

  it('answers a locked period as a business error with code -4013', async () => {
    await sim.control('/__sim/periods/lock', { from: '2025-06' });
    const document = cashAdvance('FF-CA-9003');
    const error = await failure(client().post(document.entity, document.payload));
    expect(error).toMatchObject({ kind: 'business', code: '-4013' });
  });

  it('does not retry a POST answered 500, and calls its outcome unknown', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/config', { errorRate: 1 });
    const document = cashAdvance('FF-CA-9004');
    const error = await failure(sap.post(document.entity, document.payload));
    expect(error).toMatchObject({ kind: 'outcome-unknown', status: 500, code: '-5002' });
    const stats = await sim.stats();
    expect(stats.requests.JournalEntries).toBe(1);
    expect((await sim.documents()).journalEntries.length).toBeLessThanOrEqual(1);
    await sim.control('/__sim/config', { errorRate: 0 });
    expect(await sap.findByReference('JournalEntries', 'Reference3', 'FF-CA-9004')).toBeNull();
  });

  it('calls a 500 on a read unavailable', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/config', { errorRate: 1 });
    const error = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('reports a lost reply to a POST as outcome-unknown, and findByReference then finds the document', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/config', { dropReplyRate: 1 });
    const document = cashAdvance('FF-CA-9005');
    const error = await failure(sap.post(document.entity, document.payload));
    expect(error.kind).toBe('outcome-unknown');
    expect(error.status).toBeNull();
    expect(error.nothingWritten).toBe(false);
    await sim.control('/__sim/config', { dropReplyRate: 0 });
    const found = await sap.findByReference('JournalEntries', 'Reference3', 'FF-CA-9005');
    const { journalEntries } = await sim.documents();
    expect(journalEntries).toHaveLength(1);
    expect(found).toEqual({ JdtNum: journalEntries[0]!.JdtNum, Number: journalEntries[0]!.Number });
    expect((await sim.stats()).requests.JournalEntries).toBe(2); // the POST and the look-up: no second POST
  });

  it('times a slow read out as timeout, and a slow POST as outcome-unknown', async () => {
    const sap = client({ timeoutMs: 150 });
    await sap.get('ChartOfAccounts', { $top: 1 });
    await sim.control('/__sim/config', { latencyMs: 600 });
    const read = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(read).toMatchObject({ kind: 'timeout', code: 'timeout', status: null });

    const document = cashAdvance('FF-CA-9006');
    const write = await failure(sap.post(document.entity, document.payload));
    expect(write).toMatchObject({ kind: 'outcome-unknown', code: 'timeout' });
    // SAP finished the POST after the client gave up: the look-up finds it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await sim.control('/__sim/config', { latencyMs: 0 });
    expect(await sap.findByReference('JournalEntries', 'Reference3', 'FF-CA-9006')).not.toBeNull();
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sap = client({ baseUrl: `http://127.0.0.1:${port}/b1s/v1` });
    const error = await failure(sap.post('JournalEntries', {}));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'ECONNREFUSED', status: null });
  });

  it('reports a missing Service Layer address as unavailable', async () => {
    const error = await failure(client({ baseUrl: undefined }).get('ChartOfAccounts'));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'not-configured' });
  });
});

describe('a proxy answering non-JSON bodies', () => {
  let proxy: Server;
  let base: string;
  beforeAll(async () => {
    proxy = createServer((request, response) => {
      if (request.url?.endsWith('/Login')) {
        response.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': ['B1SESSION=s1; HttpOnly', 'ROUTEID=.node1; path=/'],
        });
        response.end(JSON.stringify({ SessionId: 's1', Version: '1000190', SessionTimeout: 30 }));
        return;
      }
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><head><title>502</title></head><body><h1>502 Bad Gateway</h1></body></html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/b1s/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  it('parses an HTML 502 on a read as unavailable and on a write as outcome-unknown', async () => {
    const sap = client({ baseUrl: base });
    const read = await failure(sap.get('ChartOfAccounts'));
    expect(read).toMatchObject({
      kind: 'unavailable',
      status: 502,
      code: 'http-502',
      message: '502 502 Bad Gateway',
    });
    const write = await failure(sap.post('JournalEntries', {}));
    expect(write).toMatchObject({ kind: 'outcome-unknown', status: 502 });
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
    expect((await sim.stats()).requests.ChartOfAccounts).toBe(Math.ceil(expected.length / 50));
  });

  it('follows @odata.nextLink on /b1s/v2 with the default page size', async () => {
    const accounts = await client({ baseUrl: sim.url.replace('/v1', '/v2') }).getAll<{ Code: string }>(
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
