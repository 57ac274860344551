import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, sql } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';
import { generateDemoData } from '../demo-data/demo-generator.js';

/** POST /api/v1/import/:kind, the TMS's way in with an API token (the service behind it: imports.int.test.ts). */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/v1/import/:kind', () => {
  let token: string;
  let tokenId: number;

  beforeAll(async () => {
    const created = await server.app.services.apiTokens.create('tms', {
      actor: { id: null, name: 'Test' },
      ip: '127.0.0.1',
    });
    token = created.token;
    tokenId = created.record.id;
  });

  const post = (kind: string, body: unknown, authorization?: string) =>
    server.client().request({
      method: 'POST',
      url: `/api/v1/import/${kind}`,
      body,
      ...(authorization ? { headers: { authorization } } : {}),
    });

  it('imports with a valid token, without any CSRF token, and audits it', async () => {
    const response = await post(
      'cash-advances',
      [
        {
          sourceId: 'A-1',
          documentDate: '2026-03-02',
          tripNumber: 'TRP-9',
          transporterName: 'Transami Kenya',
          transporterCode: 'T20004',
          amount: 15000,
        },
        {
          sourceId: 'A-2',
          documentDate: '2026-03-02',
          tripNumber: 'TRP-9',
          transporterName: 'Transami Kenya',
          amount: '1.001',
        },
      ],
      `Bearer ${token}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      kind: 'cash-advances',
      received: 2,
      inserted: 1,
      updated: 0,
      unchanged: 0,
      rejected: [
        {
          index: 1,
          sourceId: 'A-2',
          errors: ['transporterCode: required', 'amount: must have at most 2 decimal places'],
        },
      ],
    });
    const audits = await query<{ event: string; actor_name: string }>(
      server,
      sql`SELECT event, actor_name FROM audits WHERE event LIKE 'Imported 1 cash advance via API token%'`,
    );
    expect(audits).toEqual([
      {
        event:
          'Imported 1 cash advance via API token "tms" (2 received: 1 new, 0 updated, 0 unchanged as posting had started, 1 rejected)',
        actor_name: 'API token "tms"',
      },
    ]);
    const [used] = await query<{ last_used_at: Date | null }>(
      server,
      sql`SELECT last_used_at FROM api_tokens WHERE id = ${tokenId}`,
    );
    expect(used?.last_used_at).not.toBeNull();
  });

  it('refuses a missing or unknown token with 401', async () => {
    for (const authorization of [undefined, 'Bearer ffk_not-a-real-token', 'Bearer', 'Basic dG1zOnRtcw==']) {
      const response = await post('cash-advances', [], authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers 404 for an unknown kind and 422 when the body is not an array', async () => {
    expect((await post('invoices', [], `Bearer ${token}`)).status).toBe(404);
    const notArray = await post('sales-invoices', { sourceId: 'X' }, `Bearer ${token}`);
    expect(notArray.status).toBe(422);
    expect(notArray.body.message).toBe('Send the rows as a JSON array of objects.');
  });

  it('imports 10,000 rows in one call', async () => {
    const rows = generateDemoData({
      count: 10_000,
      seed: 'bulk',
      today: '2026-03-15',
      timeZone: 'Africa/Nairobi',
    })['sales-invoices'];
    const started = Date.now();
    const response = await post('sales-invoices', rows, `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ received: 10_000, inserted: 10_000, rejected: [] });
    const again = await post('sales-invoices', rows, `Bearer ${token}`);
    expect(again.body).toMatchObject({ received: 10_000, inserted: 0, updated: 10_000, rejected: [] });
    // Generous for a loaded CI machine; locally both calls take a few seconds at most.
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('refuses a revoked token with 401', async () => {
    const created = await server.app.services.apiTokens.create('revoked-soon', {
      actor: { id: null, name: 'Test' },
      ip: '127.0.0.1',
    });
    expect((await post('vas-transactions', [], `Bearer ${created.token}`)).status).toBe(200);
    await server.app.services.apiTokens.revoke('revoked-soon', {
      actor: { id: null, name: 'Test' },
      ip: '127.0.0.1',
    });
    expect((await post('vas-transactions', [], `Bearer ${created.token}`)).status).toBe(401);
  });
});
