import { eq } from 'drizzle-orm';
import { ACCOUNTS_MESSAGES, PERMISSIONS } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedConnectionSetting } from '../../bootstrap/connection-setting.js';
import { seedLedgerAccounts, SEED_LEDGER_ACCOUNTS } from '../../bootstrap/ledger-accounts.js';
import { ledgerAccounts } from '../../db/schema.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import type { TestServer } from '../../test/test-server.js';
import { startSapTestServer, type SapTestServer } from '../../test/sap-test-server.js';

let server: SapTestServer;
const asTestServer = () => server as unknown as TestServer;

beforeAll(async () => {
  server = await startSapTestServer();
  await seedConnectionSetting(server.database.db, server.env.APP_KEY!, server.sim.credentials);
  expect(await seedLedgerAccounts(server.database.db)).toBe(SEED_LEDGER_ACCOUNTS.length);
  expect(await seedLedgerAccounts(server.database.db)).toBe(0);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/accounts', () => {
  it('lists the active petty cash ledgers', async () => {
    const admin = await server.admin();
    const response = await admin.get('/api/v1/accounts?accountType=petty%20cash');
    expect(response.status).toBe(200);
    expect(response.body.data.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([
      '110101',
      '110102',
      '110103',
      '110104',
    ]);
    expect(Object.keys(response.body.data[0]).sort()).toEqual([
      'accountNumber',
      'category',
      'description',
      'id',
    ]);
    expect(response.body.data[0]).toMatchObject({
      description: 'Petty Cash - Nairobi HQ',
      category: 'Petty Cash',
    });
  });

  it('lists VAS revenue and cost accounts in matching categories', async () => {
    const admin = await server.admin();
    const revenue = (await admin.get('/api/v1/accounts?accountType=Vas%20Transaction%20Revenue')).body
      .data as { category: string; accountNumber: string }[];
    const cost = (await admin.get('/api/v1/accounts?accountType=Vas%20Transaction%20Cost')).body.data as {
      category: string;
      accountNumber: string;
    }[];
    const categories = ['Escort & Security', 'Fuel', 'Lubricants', 'Tracking', 'Tyres'];
    expect(revenue.map((a) => a.category).sort()).toEqual(categories);
    expect(cost.map((a) => a.category).sort()).toEqual(categories);
    expect(revenue.find((a) => a.category === 'Tyres')?.accountNumber).toBe('410200');
    expect(cost.find((a) => a.category === 'Tyres')?.accountNumber).toBe('510200');
  });

  it('leaves out inactive accounts', async () => {
    const { db } = server.database;
    await db
      .update(ledgerAccounts)
      .set({ isActive: false })
      .where(eq(ledgerAccounts.accountNumber, '110104'));
    try {
      const admin = await server.admin();
      const numbers = (await admin.get('/api/v1/accounts?accountType=petty%20cash')).body.data.map(
        (a: { accountNumber: string }) => a.accountNumber,
      );
      expect(numbers).not.toContain('110104');
    } finally {
      await db
        .update(ledgerAccounts)
        .set({ isActive: true })
        .where(eq(ledgerAccounts.accountNumber, '110104'));
    }
  });

  it('refuses an unknown or missing account type with 422', async () => {
    const admin = await server.admin();
    const unknown = await admin.get('/api/v1/accounts?accountType=savings');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ accountType: [ACCOUNTS_MESSAGES.unknownType] });
    expect((await admin.get('/api/v1/accounts')).status).toBe(422);
  });

  it('is open to cash, fuel and VAS users and closed to others', async () => {
    for (const permission of [
      PERMISSIONS.viewCashAdvances,
      PERMISSIONS.postFuelAdvances,
      PERMISSIONS.viewVasTransactions,
    ]) {
      const user = await signedIn(
        asTestServer(),
        await createUser(asTestServer(), { permissions: [permission] }),
      );
      expect((await user.get('/api/v1/accounts?accountType=petty%20cash')).status).toBe(200);
    }
    const other = await signedIn(
      asTestServer(),
      await createUser(asTestServer(), {
        permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewSalesInvoices],
      }),
    );
    expect((await other.get('/api/v1/accounts?accountType=petty%20cash')).status).toBe(403);
    expect((await server.client().get('/api/v1/accounts?accountType=petty%20cash')).status).toBe(401);
  });
});

describe('GET /api/v1/accounts/sapCheck', () => {
  it('finds nothing wrong with the seeded accounts', async () => {
    const admin = await server.admin();
    const response = await admin.get('/api/v1/accounts/sapCheck');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      checked: SEED_LEDGER_ACCOUNTS.length,
      problems: [],
      postingAccountProblems: [],
    });
  });

  it('lists local accounts that SAP lacks, has inactive or frozen', async () => {
    const { db } = server.database;
    const added = [
      {
        accountNumber: '110199',
        description: 'Petty Cash - Eldoret',
        accountType: 'petty cash',
        category: 'Petty Cash',
      },
      {
        accountNumber: '999001',
        description: 'Petty Cash - Nowhere',
        accountType: 'petty cash',
        category: 'Petty Cash',
      },
      {
        accountNumber: '520900',
        description: 'Old Haulage Cost',
        accountType: 'Vas Transaction Cost',
        category: 'Fuel',
      },
      {
        accountNumber: '999002',
        description: 'Disabled here',
        accountType: 'petty cash',
        category: 'Petty Cash',
        isActive: false,
      },
    ];
    await db.insert(ledgerAccounts).values(added);
    await server.sim.control('/__sim/accounts', { Code: '410500', ActiveAccount: 'tNO' });
    try {
      const admin = await server.admin();
      const response = await admin.get('/api/v1/accounts/sapCheck');
      expect(response.status).toBe(200);
      expect(response.body.checked).toBe(SEED_LEDGER_ACCOUNTS.length + 3);
      const problems = response.body.problems.map((p: { accountNumber: string; reason: string }) => [
        p.accountNumber,
        p.reason,
      ]);
      expect(problems).toEqual([
        ['110199', 'The account is inactive in SAP Business One.'],
        ['410500', 'The account is inactive in SAP Business One.'],
        ['520900', 'The account is frozen in SAP Business One.'],
        ['999001', 'The account does not exist in SAP Business One.'],
      ]);
      expect(response.body.problems[0]).toMatchObject({
        description: 'Petty Cash - Eldoret',
        id: expect.any(Number),
      });
      expect((await server.sim.stats()).requests.ChartOfAccounts).toBeGreaterThan(1); // paged
    } finally {
      await server.sim.control('/__sim/accounts', { Code: '410500', ActiveAccount: 'tYES' });
      for (const a of added)
        await db.delete(ledgerAccounts).where(eq(ledgerAccounts.accountNumber, a.accountNumber));
    }
  });

  it('names a configured posting account SAP cannot post to', async () => {
    const other = await startSapTestServer({ SAP_ACCOUNT_TRANSPORT_COST: '520900' });
    try {
      await seedConnectionSetting(other.database.db, other.env.APP_KEY!, other.sim.credentials);
      const response = await (await other.admin()).get('/api/v1/accounts/sapCheck');
      expect(response.body.postingAccountProblems).toEqual([
        {
          name: 'Transport cost (SAP_ACCOUNT_TRANSPORT_COST)',
          accountNumber: '520900',
          reason: 'The account is frozen in SAP Business One.',
        },
      ]);
    } finally {
      await other.close();
    }
  });

  it('answers 502 with the reason when SAP cannot be asked', async () => {
    await server.sim.control('/__sim/config', { errorRate: 1 });
    await server.sim.control('/__sim/expire-sessions', {});
    try {
      const response = await (await server.admin()).get('/api/v1/accounts/sapCheck');
      expect(response.status).toBe(502);
      expect(response.body.message).toMatch(
        /^The ledger accounts could not be checked against SAP Business One: Internal error injected/,
      );
    } finally {
      await server.sim.control('/__sim/config', { errorRate: 0 });
    }
  });
});
