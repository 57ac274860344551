import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '@ff/contract';
import { createUser, query, sql } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { formatDay } from '../../lib/time.js';

/**
 * Issue 23: Settings > API tokens' routes. An administrator creates a token limited to some imports (shown once,
 * stored hashed), the list shows who made it and its last use, the import refuses a kind it may not call (403),
 * and a revoked or expired token gets 401 saying which; every change is audited.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.signInAsAdmin();
});
afterAll(async () => {
  await server?.close();
});

const cashRow = (sourceId: string) => ({
  sourceId,
  documentDate: '2026-03-02',
  tripNumber: 'TRP-31',
  transporterName: 'Transami Kenya',
  transporterCode: 'T20004',
  amount: 1500,
});
const importWith = (token: string, kind: string, rows: unknown[], remoteAddress = '10.23.0.7') =>
  server.client({ remoteAddress }).request({
    method: 'POST',
    url: `/api/v1/import/${kind}`,
    body: rows,
    headers: { authorization: `Bearer ${token}` },
  });
const auditEvents = async () =>
  ((await admin.get('/api/v1/audits')).body.data as { event: string }[]).map((e) => e.event);

describe('API tokens made, used and revoked through the API', () => {
  it('creates a token for some imports, shows it once, lists its use, refuses other kinds and then its revocation', async () => {
    const created = await admin.post('/api/v1/api-tokens', {
      name: 'trip feed',
      kinds: ['fuel-advances', 'cash-advances'],
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^ffk_\S{40,}$/);
    expect(created.body.message).toBe('API token "trip feed" created. Copy it now: it is not shown again.');
    expect(created.body.data).toMatchObject({
      name: 'trip feed',
      // In the registry's order, whatever order they were sent in.
      kinds: ['cash-advances', 'fuel-advances'],
      createdBy: 'Administrator',
      expiresAt: null,
      lastUsedAt: null,
      lastUsedFrom: null,
      revokedAt: null,
      status: 'active',
    });
    const id = created.body.data.id as number;
    // Only the hash is stored.
    const [stored] = await query<{ token_hash: string }>(
      server,
      sql`SELECT token_hash FROM api_tokens WHERE id = ${id}`,
    );
    expect(stored!.token_hash).not.toContain(token.slice(4, 20));

    const imported = await importWith(token, 'cash-advances', [cashRow('TOK-1')]);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ inserted: 1, rejected: [] });

    const other = await importWith(token, 'sales-invoices', []);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      'The API token "trip feed" may import cash-advances, fuel-advances only, not sales-invoices. Ask an administrator for a token that may.',
    );

    const listed = await admin.get('/api/v1/api-tokens');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const row = (listed.body.data as { id: number; lastUsedAt: string }[]).find((t) => t.id === id);
    expect(row).toMatchObject({ lastUsedFrom: '10.23.0.7', status: 'active' });
    // A server date-time in APP_TIMEZONE, like every other answer's.
    expect(row!.lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(listed.body.importKinds).toContainEqual({ name: 'cash-advances', label: 'Cash advances' });

    const revoked = await admin.request({ method: 'DELETE', url: `/api/v1/api-tokens/${id}` });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      message: 'API token "trip feed" revoked.',
      data: { status: 'revoked' },
    });
    const refused = await importWith(token, 'cash-advances', [cashRow('TOK-2')]);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.body.message).toMatch(
      /^The API token "trip feed" was revoked on \d{1,2} \w{3} \d{4} \d{2}:\d{2}; ask an administrator for a new one\.$/,
    );
    const again = await admin.request({ method: 'DELETE', url: `/api/v1/api-tokens/${id}` });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`API token ${id} ("trip feed") is already revoked.`);
    const missing = await admin.request({ method: 'DELETE', url: '/api/v1/api-tokens/999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no API token 999999.');

    const events = await auditEvents();
    expect(events).toContain('Created API token "trip feed" (may import cash-advances, fuel-advances)');
    expect(events).toContain('Revoked API token "trip feed"');
  });

  it('an expired token gets 401 saying it expired; a token may end on a day of its own', async () => {
    const today = formatDay(new Date(), server.app.services.env.APP_TIMEZONE);
    const created = await admin.post('/api/v1/api-tokens', {
      name: 'short lived',
      kinds: ['cash-advances'],
      expiresOn: today,
    });
    expect(created.status).toBe(201);
    // Its last working day as chosen; it stops at the start of the next day.
    expect(created.body.data.expiresOn).toBe(today);
    expect(created.body.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(created.body.data.expiresAt > `${today} 00:00:00`).toBe(true);
    const token = created.body.token as string;
    expect((await importWith(token, 'cash-advances', [])).status).toBe(200);
    await query(
      server,
      sql`UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE id = ${created.body.data.id as number}`,
    );
    const refused = await importWith(token, 'cash-advances', []);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(
      /^The API token "short lived" expired on .+; ask an administrator for a new one\.$/,
    );
    const row = ((await admin.get('/api/v1/api-tokens')).body.data as { id: number; status: string }[]).find(
      (t) => t.id === created.body.data.id,
    );
    expect(row?.status).toBe('expired');
    // An expired token frees its name.
    expect(
      (await admin.post('/api/v1/api-tokens', { name: 'short lived', kinds: ['cash-advances'] })).status,
    ).toBe(201);
  });

  it('refuses a bad name, no kinds, an unknown kind and a past or unreal expiry, each on its field', async () => {
    const errorsOf = async (body: unknown) => {
      const answer = await admin.post('/api/v1/api-tokens', body);
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await errorsOf({ name: '', kinds: ['cash-advances'] })).name).toEqual([
      API_TOKEN_MESSAGES.nameRequired,
    ]);
    expect((await errorsOf({ name: 'a/b', kinds: ['cash-advances'] })).name).toEqual([
      API_TOKEN_MESSAGES.nameCharacters,
    ]);
    expect((await errorsOf({ name: 'ok', kinds: [] })).kinds).toEqual([API_TOKEN_MESSAGES.kindsRequired]);
    expect((await errorsOf({ name: 'ok', kinds: ['invoices'] })).kinds![0]).toMatch(
      /^There is no import of "invoices"\. Choose from: sales-invoices, /,
    );
    expect(
      (await errorsOf({ name: 'ok', kinds: ['cash-advances'], expiresOn: '2020-01-01' })).expiresOn,
    ).toEqual([API_TOKEN_MESSAGES.expiryPast]);
    expect(
      (await errorsOf({ name: 'ok', kinds: ['cash-advances'], expiresOn: '2099-02-30' })).expiresOn,
    ).toEqual([API_TOKEN_MESSAGES.expiryFormat]);
    // A name already used by an active token.
    expect((await admin.post('/api/v1/api-tokens', { name: 'dup', kinds: ['cash-advances'] })).status).toBe(
      201,
    );
    expect((await errorsOf({ name: 'dup', kinds: ['cash-advances'] })).name).toEqual([
      'An active token named "dup" already exists; revoke it first or choose another name.',
    ]);
  });

  it('needs "Manage API Tokens": a settings manager without it gets 403 on every route', async () => {
    const user = await createUser(server, { permissions: ['Manage Settings'] });
    const client = server.client();
    expect((await client.login(user.email, user.password)).status).toBe(204);
    const needed =
      'You do not have the "Manage API Tokens" permission needed for this action. Ask an administrator to grant it to your role.';
    for (const answer of [
      await client.get('/api/v1/api-tokens'),
      await client.post('/api/v1/api-tokens', { name: 'x', kinds: ['cash-advances'] }),
      await client.request({ method: 'DELETE', url: '/api/v1/api-tokens/1' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(needed);
    }
  });
});
