import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedLedgerAccounts } from '../../bootstrap/ledger-accounts.js';
import { commandEnv } from '../../config/app-key.js';
import { audits, ledgerAccounts } from '../../db/schema.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { accountCommands } from './accounts.commands.js';

// Importing never asks SAP: the app and its seeded ledger accounts are enough.
let server: TestServer;
const context = { actor: { id: null, name: 'Test' }, ip: '127.0.0.1' };

beforeAll(async () => {
  server = await createTestServer();
  await seedLedgerAccounts(server.database.db);
});
afterAll(async () => {
  await server?.close();
});

describe('importing ledger accounts', () => {
  /** accounts:import as src/cli.ts runs it, on this server's services. */
  const importCommand = (file: string) =>
    accountCommands['accounts:import']!.run(
      { env: commandEnv(server.env), database: server.database, accounts: server.app.services.accounts },
      [file],
    );
  const csv = [
    'accountNumber,description,accountType,category,isActive',
    '110105,Petty Cash - Kisumu,Petty Cash,Petty Cash,true',
    '110101,Petty Cash - Nairobi Head Office,petty cash,Petty Cash,',
    ',No number,petty cash,Petty Cash,',
    '110106,Bad type,savings,Petty Cash,',
    '110105,Duplicate,petty cash,Petty Cash,',
    '110107,Too few values',
    '"410600","VAS Revenue - Insurance, cargo",Vas Transaction Revenue,Insurance,yes',
    '110108,Bad flag,petty cash,Petty Cash,maybe',
  ].join('\n');

  it('upserts valid lines and reports each bad line with its number and reason', async () => {
    const report = await server.app.services.accounts.importCsv(csv, 'accounts.csv', context);
    expect(report).toMatchObject({ inserted: 2, updated: 1 });
    expect(report.rejected).toEqual([
      { line: 4, reason: 'accountNumber must be 1 to 15 letters, digits, dots, dashes or underscores.' },
      {
        line: 5,
        reason: 'accountType must be one of: petty cash, Vas Transaction Revenue, Vas Transaction Cost.',
      },
      { line: 6, reason: 'accountNumber 110105 already appears on line 2.' },
      { line: 7, reason: 'The line has 2 values; the header has 5 columns.' },
      { line: 9, reason: 'isActive must be true or false.' },
    ]);
    const [renamed] = await server.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.accountNumber, '110101'));
    expect(renamed?.description).toBe('Petty Cash - Nairobi Head Office');
    const [insurance] = await server.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.accountNumber, '410600'));
    expect(insurance).toMatchObject({
      description: 'VAS Revenue - Insurance, cargo',
      accountType: 'Vas Transaction Revenue',
      category: 'Insurance',
      isActive: true,
    });
    const events = (await server.database.db.select({ event: audits.event }).from(audits)).map(
      (a) => a.event,
    );
    expect(events).toContain('Imported ledger accounts from accounts.csv: 2 added, 1 updated, 5 rejected');
  });

  it('refuses a file whose header lacks a column', async () => {
    await expect(
      server.app.services.accounts.importCsv('accountNumber,description,category\n1,2,3', 'x.csv', context),
    ).rejects.toThrow(/missing column\(s\) accountType/);
  });

  it('runs as the accounts:import command, printing rejected lines and exiting 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ff-accounts-'));
    const file = join(dir, 'chart.csv');
    writeFileSync(
      file,
      'accountNumber,description,accountType,category\n110109,Petty Cash - Nakuru,petty cash,Petty Cash\n110110,,petty cash,Petty Cash\n',
    );
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const code = await importCommand(file);
      expect(code).toBe(1);
      expect(errors.join('\n')).toBe(
        'chart.csv: 1 added, 0 updated, 1 rejected.\n  line 3: description is required.',
      );
    } finally {
      spy.mockRestore();
    }
    const logs: string[] = [];
    const logSpy = vi.spyOn(console, 'log').mockImplementation((line: string) => void logs.push(line));
    try {
      writeFileSync(
        file,
        'accountNumber,description,accountType,category\n110109,Petty Cash - Nakuru Town,petty cash,Petty Cash\n',
      );
      expect(await importCommand(file)).toBe(0);
      expect(logs).toEqual(['chart.csv: 0 added, 1 updated, 0 rejected.']);
    } finally {
      logSpy.mockRestore();
    }
  });
});
