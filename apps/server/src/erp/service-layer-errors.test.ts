import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashAdvance, failure, rules, useSimulatorClients } from '../test/simulator-clients.js';

/**
 * How the Service Layer client reports what SAP, the network and proxies answer (its sessions, paging and
 * look-ups: service-layer-client.test.ts).
 */
const suite = useSimulatorClients();
const { client } = suite;

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
      await suite.sim.control('/__sim/config', { forceErrorShape: shape });
      const error = await failure(client().post('JournalEntries', unbalanced));
      expect(error).toMatchObject({ kind: 'business', status: 400, code: '-10' });
      expect(error.message).toBe(
        'Unbalanced transaction: total debit 100.00 and total credit 99.99 must be equal',
      );
      expect(error.nothingWritten).toBe(true);
      expect((await suite.sim.documents()).journalEntries).toHaveLength(0);
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
    await suite.sim.control('/__sim/periods/lock', { from: '2025-06' });
    const document = cashAdvance('FF-CA-9003');
    const error = await failure(client().post(document.entity, document.payload));
    expect(error).toMatchObject({ kind: 'business', code: '-4013' });
  });

  it('does not retry a POST answered 500, and calls its outcome unknown', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/config', { errorRate: 1 });
    const document = cashAdvance('FF-CA-9004');
    const error = await failure(sap.post(document.entity, document.payload));
    expect(error).toMatchObject({ kind: 'outcome-unknown', status: 500, code: '-5002' });
    const stats = await suite.sim.stats();
    expect(stats.requests.JournalEntries).toBe(1);
    expect((await suite.sim.documents()).journalEntries.length).toBeLessThanOrEqual(1);
    await suite.sim.control('/__sim/config', { errorRate: 0 });
    expect(await sap.findByReference('JournalEntries', 'Reference3', 'FF-CA-9004')).toBeNull();
  });

  it('calls a 500 on a read unavailable', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/config', { errorRate: 1 });
    const error = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });

  it('reports a lost reply to a POST as outcome-unknown, and findByReference then finds the document', async () => {
    const sap = client();
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/config', { dropReplyRate: 1 });
    const document = cashAdvance('FF-CA-9005');
    const error = await failure(sap.post(document.entity, document.payload));
    expect(error.kind).toBe('outcome-unknown');
    expect(error.status).toBeNull();
    expect(error.nothingWritten).toBe(false);
    await suite.sim.control('/__sim/config', { dropReplyRate: 0 });
    const found = await sap.findByReference('JournalEntries', 'Reference3', 'FF-CA-9005');
    const { journalEntries } = await suite.sim.documents();
    expect(journalEntries).toHaveLength(1);
    expect(found).toEqual({ JdtNum: journalEntries[0]!.JdtNum, Number: journalEntries[0]!.Number });
    expect((await suite.sim.stats()).requests.JournalEntries).toBe(2); // the POST and the look-up: no second POST
  });

  it('times a slow read out as timeout, and a slow POST as outcome-unknown', async () => {
    const sap = client({ timeoutMs: 150 });
    await sap.get('ChartOfAccounts', { $top: 1 });
    await suite.sim.control('/__sim/config', { latencyMs: 600 });
    const read = await failure(sap.get('ChartOfAccounts', { $top: 1 }));
    expect(read).toMatchObject({ kind: 'timeout', code: 'timeout', status: null });

    const document = cashAdvance('FF-CA-9006');
    const write = await failure(sap.post(document.entity, document.payload));
    expect(write).toMatchObject({ kind: 'outcome-unknown', code: 'timeout' });
    // SAP finished the POST after the client gave up: the look-up finds it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await suite.sim.control('/__sim/config', { latencyMs: 0 });
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
