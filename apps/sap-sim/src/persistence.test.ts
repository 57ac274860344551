import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator } from './index.js';
import {
  control,
  invoiceBody,
  journalBody,
  loggedIn,
  startSim,
  type DocumentView,
  type JournalEntryView,
  type ReadBack,
  type RunningSim,
} from './testing/harness.js';

const dirs: string[] = [];
const running: RunningSim[] = [];

function tempStateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sap-sim-'));
  dirs.push(dir);
  return join(dir, 'nested', 'sap-state.json');
}

async function start(stateFile: string): Promise<RunningSim> {
  const sim = await startSim({ stateFile });
  running.push(sim);
  return sim;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.sim.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stateFile', () => {
  it('survives a restart: documents, numbering, master data and locked periods', async () => {
    const stateFile = tempStateFile();
    const first = await start(stateFile);
    const client = await loggedIn(first.v1);
    const je = await client.post<JournalEntryView>('JournalEntries', journalBody());
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody());
    await client.post(`JournalEntries(${je.body.JdtNum})/Cancel`);
    await control(first.origin, 'accounts', { Code: '999001', Name: 'Added before restart' });
    await control(first.origin, 'periods/lock', { from: '2025-12' });
    const before = (await control<ReadBack>(first.origin, 'documents')).body;
    await first.sim.close();

    const second = await start(stateFile);
    expect((await control<ReadBack>(second.origin, 'documents')).body).toEqual(before);
    const again = await loggedIn(second.v1);
    const next = await again.post<JournalEntryView>('JournalEntries', journalBody());
    expect(next.body.JdtNum).toBe(je.body.JdtNum + 3);
    const nextInvoice = await again.post<DocumentView>('Invoices', invoiceBody());
    expect(nextInvoice.body.DocEntry).toBe(invoice.body.DocEntry + 1);
    expect((await again.get("ChartOfAccounts('999001')")).status).toBe(200);
    expect((await control(second.origin, 'periods')).body).toMatchObject({ locked: ['2025-12'] });
  });

  it('writes the file after every change, atomically (no temp file left behind)', async () => {
    const stateFile = tempStateFile();
    const sim = await start(stateFile);
    const client = await loggedIn(sim.v1);
    await client.post('JournalEntries', journalBody({ Reference3: 'FF-DISK-1' }));
    const onDisk = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      journalEntries: Array<{ entity: { Reference3: string } }>;
    };
    expect(onDisk.journalEntries.map((j) => j.entity.Reference3)).toEqual(['FF-DISK-1']);
    expect(readdirSync(join(stateFile, '..'))).toEqual(['sap-state.json']);
  });

  it('keeps a committed write whose reply was dropped', async () => {
    const stateFile = tempStateFile();
    const sim = await start(stateFile);
    const client = await loggedIn(sim.v1);
    await control(sim.origin, 'config', { dropReplyRate: 1 });
    await expect(client.post('JournalEntries', journalBody({ Reference3: 'FF-LOST-1' }))).rejects.toThrow();
    await sim.sim.close();
    const restarted = await start(stateFile);
    const readBack = (await control<ReadBack>(restarted.origin, 'documents')).body;
    expect(readBack.journalEntries.map((j) => j.Reference3)).toEqual(['FF-LOST-1']);
  });

  it('reset rewrites the file back to the seed', async () => {
    const stateFile = tempStateFile();
    const sim = await start(stateFile);
    const client = await loggedIn(sim.v1);
    await client.post('JournalEntries', journalBody());
    await control(sim.origin, 'reset', {});
    const onDisk = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      journalEntries: unknown[];
      accounts: unknown[];
    };
    expect(onDisk.journalEntries).toEqual([]);
    expect(onDisk.accounts.length).toBeGreaterThanOrEqual(260);
  });

  it('keeps closed periods, cancellation documents and their links across a restart', async () => {
    const stateFile = tempStateFile();
    const first = await start(stateFile);
    const client = await loggedIn(first.v1);
    const invoice = await client.post<DocumentView>('Invoices', invoiceBody({ Reference2: 'FFSI5' }));
    await client.post(`Invoices(${invoice.body.DocEntry})/Cancel`);
    await control(first.origin, 'periods/close', { from: '2026-01', to: '2026-02' });
    await control(first.origin, 'periods/lock', { from: '2026-02' });
    const before = (await control<ReadBack>(first.origin, 'documents')).body;
    await first.sim.close();

    const second = await start(stateFile);
    expect((await control<ReadBack>(second.origin, 'documents')).body).toEqual(before);
    expect((await control(second.origin, 'periods')).body).toMatchObject({
      locked: ['2026-02'],
      closed: ['2026-01'],
    });
    const again = await loggedIn(second.v1);
    expect((await again.post(`Invoices(${invoice.body.DocEntry + 1})/Cancel`)).status).toBe(400);
  });

  it('reads a state file written before closed periods and CancelStatus existed', async () => {
    const stateFile = tempStateFile();
    const first = await start(stateFile);
    const client = await loggedIn(first.v1);
    await client.post('Invoices', invoiceBody({ Reference2: 'FFSI6' }));
    await client.post('Invoices', invoiceBody({ Reference2: 'FFSI7' }));
    await first.sim.close();
    // Rewrite the file as the previous simulator did: no closedPeriods, no CancelStatus, a cancelled invoice
    // without a cancellation document.
    const old = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      closedPeriods?: string[];
      invoices: Array<{ entity: Record<string, unknown>; meta: Record<string, unknown> }>;
    };
    delete old.closedPeriods;
    for (const invoice of old.invoices) delete invoice.entity.CancelStatus;
    Object.assign(old.invoices[1]!.entity, { Cancelled: 'tYES', DocumentStatus: 'bost_Close' });
    Object.assign(old.invoices[1]!.meta, { cancelled: true });
    writeFileSync(stateFile, JSON.stringify(old));

    const second = await start(stateFile);
    const again = await loggedIn(second.v1);
    const invoices = await again.get<{ value: DocumentView[] }>('Invoices?$select=Reference2,CancelStatus');
    expect(invoices.body.value).toEqual([
      { Reference2: 'FFSI6', CancelStatus: 'csNo' },
      { Reference2: 'FFSI7', CancelStatus: 'csYes' },
    ]);
    const keys = Object.keys((await again.get<DocumentView>('Invoices(1)')).body);
    expect(keys.indexOf('CancelStatus')).toBe(keys.indexOf('Cancelled') + 1);
    expect((await control(second.origin, 'periods')).body).toMatchObject({ locked: [], closed: [] });
  });

  it('keeps the finance set-up across a restart; files written before it existed get the seed', async () => {
    const stateFile = tempStateFile();
    const first = await start(stateFile);
    await control(first.origin, 'company', { EnableBranches: true });
    await control(first.origin, 'rates', [
      { Currency: 'USD', Date: '2026-03-10', Rate: 130.1234 },
      { Currency: 'EUR', Date: '2026-03-10', Rate: null },
    ]);
    await control(first.origin, 'vat-groups', { Code: 'O1', Inactive: 'tYES' });
    await control(first.origin, 'distribution-rules', { FactorCode: 'KCA123A', Active: 'tNO' });
    await control(first.origin, 'business-places', { BPLID: 5, BPLName: 'Kigali' });
    await control(first.origin, 'currencies', { Code: 'RWF', Name: 'Rwanda Franc' });
    await first.sim.close();

    const second = await start(stateFile);
    const client = await loggedIn(second.v1);
    const rate = (Currency: string) =>
      client.post<{ value: number }>('SBOBobService_GetCurrencyRate', { Currency, Date: '20260310' });
    expect((await rate('USD')).body.value).toBe(130.1234);
    expect((await rate('EUR')).status).toBe(400);
    expect((await client.post('CompanyService_GetAdminInfo')).body).toMatchObject({ EnableBranches: 'tYES' });
    expect((await client.get("VatGroups('O1')")).body).toMatchObject({ Inactive: 'tYES' });
    expect((await client.get("DistributionRules('KCA123A')")).body).toMatchObject({ Active: 'tNO' });
    expect((await client.get('BusinessPlaces(5)')).status).toBe(200);
    expect((await client.get("Currencies('RWF')")).status).toBe(200);
    await second.sim.close();

    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>;
    for (const key of ['company', 'currencies', 'rates', 'vatGroups', 'distributionRules', 'businessPlaces'])
      delete saved[key];
    writeFileSync(stateFile, JSON.stringify(saved));
    const old = await start(stateFile);
    const oldClient = await loggedIn(old.v1);
    expect((await oldClient.post('CompanyService_GetAdminInfo')).body).toMatchObject({
      EnableBranches: 'tNO',
    });
    expect((await oldClient.get("VatGroups('O1')")).body).toMatchObject({ Inactive: 'tNO' });
  });

  it('refuses to start on a file that is not simulator state, naming the file', async () => {
    const stateFile = tempStateFile();
    await start(stateFile).then((r) => r.sim.close());
    writeFileSync(stateFile, '{"hello": "world"}');
    await expect(createSimulator({ stateFile })).rejects.toThrow(stateFile);
    writeFileSync(stateFile, 'not json');
    await expect(createSimulator({ stateFile })).rejects.toThrow(/not valid JSON/);
  });
});

describe('seed: false', () => {
  it('starts without accounts or partners, so tests can add exactly what they need', async () => {
    const sim = await startSim({ seed: false });
    running.push(sim);
    const client = await loggedIn(sim.v1);
    expect((await client.get<{ value: unknown[] }>('ChartOfAccounts')).body.value).toEqual([]);
    expect((await client.get<{ value: unknown[] }>('BusinessPartners')).body.value).toEqual([]);
  });
});
