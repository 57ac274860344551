import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DATE_TIME_PATTERN, PERMISSIONS } from '@ff/contract';
import { createUser, outboxFor, passwordLinkIn, query, signedIn, sql, waitFor } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { ADMIN_EMAIL, createTestServer, type TestServer } from '../../test/test-server.js';
import { KEYED_EPOCH_EVENT } from './audit-chain.js';

type Entry = { id: number; createdAt: string; event: string; createdBy: string; ipAddress: string };

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin({ remoteAddress: '10.20.0.9' });
});
afterAll(async () => {
  await server.close();
});

const auditLog = async (client: TestClient = admin, search = ''): Promise<Entry[]> => {
  const response = await client.get(`/api/v1/audits${search}`);
  expect(response.status).toBe(200);
  return response.body.data;
};
const find = (log: Entry[], event: string | RegExp) =>
  log.filter((e) => (typeof event === 'string' ? e.event === event : event.test(e.event)));

describe('GET /api/v1/audits', () => {
  it('records sign-in, failures, lockout, sign-out and password resets with the actor and the address', async () => {
    const user = await createUser(server, { permissions: [] });
    const browser = server.client({ remoteAddress: '10.20.0.1' });
    await browser.signIn(user.email, user.password);
    await browser.post('/logout');
    const attacker = server.client({ remoteAddress: '10.20.0.2' });
    for (let i = 0; i < 6; i += 1) await attacker.login(user.email, 'wrong-password');
    await attacker.login('ghost@example.com', 'wrong-password');

    const forgetful = server.client({ remoteAddress: '10.20.0.3' });
    await forgetful.csrf();
    await forgetful.post('/forgot-password', { email: user.email });
    const [mail] = await waitFor(async () => {
      const rows = await outboxFor(server, user.email);
      return rows.length > 0 && rows;
    }, 'the reset mail');
    const link = passwordLinkIn(mail!.body!);
    await forgetful.post('/reset-password', {
      token: link.token,
      email: user.email,
      password: 'Another-Pass-123',
      password_confirmation: 'Another-Pass-123',
    });

    const log = await auditLog();
    const expectOne = (event: string | RegExp, createdBy: string, ipAddress: string) => {
      const rows = find(log, event);
      expect(rows, String(event)).toHaveLength(1);
      expect(rows[0]).toMatchObject({ createdBy, ipAddress });
      expect(rows[0]!.createdAt).toMatch(DATE_TIME_PATTERN);
    };
    expectOne(`Signed in: ${user.email}`, user.name, '10.20.0.1');
    expectOne(`Signed out: ${user.email}`, user.name, '10.20.0.1');
    // Repeated failures are coalesced (modules/auth/audit-tally.ts): the first now, the window's total later.
    expect(find(log, `Failed sign-in for ${user.email}`)).toHaveLength(1);
    for (const row of find(log, `Failed sign-in for ${user.email}`))
      expect(row).toMatchObject({ createdBy: user.email, ipAddress: '10.20.0.2' });
    expectOne(/^Sign-in locked out for .+ for \d+ seconds after repeated failures$/, user.email, '10.20.0.2');
    expectOne('Failed sign-in for ghost@example.com', 'ghost@example.com', '10.20.0.2');
    expectOne(`Password reset requested for ${user.email}`, user.email, '10.20.0.3');
    expectOne(`Password reset completed for ${user.email}`, user.name, '10.20.0.3');
    expectOne(`Created the first administrator ${ADMIN_EMAIL}`, 'System', '127.0.0.1');
    // Newest first.
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
  });

  it('records user and role changes by the administrator who made them', async () => {
    const role = await admin.post('/api/v1/roles', {
      name: 'Audit Clerks',
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.viewFuelAdvances],
    });
    const user = await admin.post('/api/v1/users', {
      name: 'Otieno Audit',
      email: 'otieno.audit@example.com',
      mobileNo: '+254711000000',
      role: 'Audit Clerks',
    });
    await admin.patch(`/api/v1/toggleUser/${user.body.id}`, { toggleStatus: false });
    await admin.patch(`/api/v1/toggleUser/${user.body.id}`, { toggleStatus: true });
    await admin.patch(`/api/v1/toggleRoles/${role.body.id}`, { toggleStatus: false });

    const log = await auditLog();
    for (const event of [
      'Created role Audit Clerks with permissions: View Sales Invoices, View Fuel Advances',
      'Created user Otieno Audit (otieno.audit@example.com) with role Audit Clerks',
      'Disabled user Otieno Audit (otieno.audit@example.com)',
      'Enabled user Otieno Audit (otieno.audit@example.com)',
      'Disabled role Audit Clerks',
    ]) {
      expect(find(log, event), event).toEqual([
        expect.objectContaining({ createdBy: 'Administrator', ipAddress: '10.20.0.9' }),
      ]);
    }
  });

  it('filters by day and is open only to holders of View Audit Logs', async () => {
    expect(await auditLog(admin, '?fromDate=2099-01-01')).toEqual([]);
    expect((await auditLog(admin, `?toDate=2099-01-01`)).length).toBeGreaterThan(0);
    const clerk = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers, PERMISSIONS.manageRoles] }),
    );
    const denied = await clerk.get('/api/v1/audits');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('"View Audit Logs"');
    const auditor = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.viewAuditLogs] }),
    );
    expect((await auditor.get('/api/v1/audits')).status).toBe(200);
    expect(await server.client().get('/api/v1/audits')).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.unauthenticated },
    });
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is false', async () => {
    const user = await createUser(server, { permissions: [] });
    await server
      .client({ remoteAddress: '10.20.0.4', headers: { 'x-forwarded-for': '203.0.113.66' } })
      .signIn(user.email, user.password);
    expect(find(await auditLog(), `Signed in: ${user.email}`)[0]?.ipAddress).toBe('10.20.0.4');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await createTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('records the client address from X-Forwarded-For, and marks cookies Secure when the proxy speaks https', async () => {
    const user = await createUser(proxied, { permissions: [] });
    const viaProxy = {
      remoteAddress: '10.0.0.254',
      headers: { 'x-forwarded-for': '198.51.100.23', 'x-forwarded-proto': 'https' },
    };
    const client = proxied.client(viaProxy);
    const csrf = await client.csrf();
    expect(csrf.cookies.every((c) => c.secure === true)).toBe(true);
    expect(csrf.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await client.post('/login', { email: user.email, password: user.password })).status).toBe(204);
    await client.login(user.email, 'wrong-password');

    const admin = await proxied.signInAsAdmin();
    const log: Entry[] = (await admin.get('/api/v1/audits')).body.data;
    expect(find(log, `Signed in: ${user.email}`)[0]?.ipAddress).toBe('198.51.100.23');
  });
});

describe('tamper evidence', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE on audits', async () => {
    await expect(query(server, sql`UPDATE audits SET event = 'rewritten' WHERE id = 2`)).rejects.toThrow();
    await expect(query(server, sql`DELETE FROM audits WHERE id = 2`)).rejects.toThrow();
    await expect(query(server, sql`TRUNCATE audits`)).rejects.toThrow();
    // Row 1 starts the keyed epoch (decision 010); row 2 is the seed's.
    const first = await query<{ event: string }>(
      server,
      sql`SELECT event FROM audits WHERE id <= 2 ORDER BY id`,
    );
    expect(first.map((r) => r.event)).toEqual([
      KEYED_EPOCH_EVENT,
      `Created the first administrator ${ADMIN_EMAIL}`,
    ]);
    const refused = await query(server, sql`DELETE FROM audits`).catch((error: unknown) => error);
    expect(String((refused as Error).cause ?? refused)).toMatch(/append-only/);
  });

  it('concurrent appends keep the chain intact', async () => {
    const before = (await server.app.services.audit.verify()).rows;
    const attempts = Array.from({ length: 20 }, (_, i) =>
      server
        .client({ remoteAddress: `10.30.0.${i + 1}` })
        .login(`parallel-${i}@example.com`, 'wrong-password'),
    );
    const creations = Array.from({ length: 10 }, (_, i) =>
      admin.post('/api/v1/users', {
        name: `Parallel ${i}`,
        email: `parallel-user-${i}@example.com`,
        mobileNo: '+254700000001',
        role: 'Administrator',
      }),
    );
    const answers = await Promise.all([...attempts, ...creations]);
    expect(answers.slice(0, 20).every((a) => a.status === 422)).toBe(true);
    expect(answers.slice(20).every((a) => a.status === 201)).toBe(true);
    const result = await server.app.services.audit.verify();
    expect(result.broken).toBeUndefined();
    expect(result.rows).toBe(before + 30);
  });

  it('verify() is intact on a normal log and names exactly the row whose event was altered', async () => {
    expect(await server.app.services.audit.verify()).toMatchObject({
      rows: expect.any(Number),
      breaks: [],
      keyedFrom: 1,
    });
    const [target] = await query<{ id: string | number; event: string }>(
      server,
      sql`SELECT id, event FROM audits ORDER BY id LIMIT 1 OFFSET 3`,
    );
    const id = Number(target!.id);
    await tamper(sql`UPDATE audits SET event = 'Nothing happened here' WHERE id = ${id}`);
    const broken = await server.app.services.audit.verify();
    expect(broken.breaks).toEqual([{ id, reason: expect.stringMatching(/altered/) }]);
    expect(broken.broken?.id).toBe(id);

    // Putting the original text back restores the chain: the check is about content, not about the trigger.
    await tamper(sql`UPDATE audits SET event = ${target!.event} WHERE id = ${id}`);
    expect((await server.app.services.audit.verify()).broken).toBeUndefined();
  });

  it('names the row after a removed one', async () => {
    const [removed, next] = (
      await query<{ id: string | number }>(server, sql`SELECT id FROM audits ORDER BY id LIMIT 2 OFFSET 5`)
    ).map((r) => Number(r.id));
    await tamper(sql`DELETE FROM audits WHERE id = ${removed}`);
    const result = await server.app.services.audit.verify();
    expect(result.breaks).toEqual([{ id: next, reason: expect.stringMatching(/previous-hash/) }]);
  });
});

/** What an attacker with the table owner's rights could do: switch the guard off, change rows, switch it on. */
async function tamper(statement: ReturnType<typeof sql>) {
  await query(server, sql`ALTER TABLE audits DISABLE TRIGGER USER`);
  try {
    await query(server, statement);
  } finally {
    await query(server, sql`ALTER TABLE audits ENABLE TRIGGER USER`);
  }
}
