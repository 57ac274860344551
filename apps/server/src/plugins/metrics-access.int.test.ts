import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { changedTables, tableNames, tableSnapshot } from '../test/db-snapshot.js';
import { startPostingHarness, type PostingHarness } from '../test/posting-harness.js';
import type { TestClient } from '../test/test-client.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { METRICS_URL } from './metrics.js';

/**
 * Who may read GET /metrics (issue 22): nobody unless METRICS_TOKEN is set; then only a scraper sending
 * `Authorization: Bearer <METRICS_TOKEN>`, never limited by the rate limit. The series it answers:
 * metrics.int.test.ts.
 */
const TOKEN = 'metrics-test-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('there is no /metrics: it answers as any unknown path does, token or not, and is not in the route catalogue', async () => {
    const unknown = await server.client().get('/metricz');
    expect(unknown.status).toBe(404);
    for (const headers of [{}, bearer(TOKEN)]) {
      const answer = await server.client().get(METRICS_URL, headers);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: `The resource GET ${METRICS_URL} does not exist.` });
      expect(answer.headers['www-authenticate']).toBeUndefined();
      expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    expect(server.app.routeCatalogue.map((r) => r.url)).not.toContain(METRICS_URL);
  });
});

describe('with METRICS_TOKEN', () => {
  let h: PostingHarness;
  let admin: TestClient;
  beforeAll(async () => {
    h = await startPostingHarness({
      queue: true,
      worker: true,
      env: { METRICS_TOKEN: TOKEN, SAP_TIMEOUT_MS: '5000' },
    });
    admin = await h.signInAsAdmin();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('answers 401 with a message to a scraper without the token, with another one, or with a session, and writes nothing', async () => {
    const tables = await tableNames(h.database);
    const before = await tableSnapshot(h.database, tables);
    const { token: importToken } = await h.app.services.apiTokens.create('metrics-test', {
      actor: SYSTEM_ACTOR,
      ip: '127.0.0.1',
    });
    const afterToken = await tableSnapshot(h.database, tables);
    const refusals = [
      await h.client().get(METRICS_URL),
      await h.client().get(METRICS_URL, bearer(`${TOKEN.slice(0, -1)}x`)),
      await h.client().get(METRICS_URL, bearer(TOKEN.slice(0, -1))),
      await h.client().get(METRICS_URL, bearer(`${TOKEN}x`)),
      await h.client().get(METRICS_URL, bearer(importToken)),
      await h
        .client()
        .get(METRICS_URL, { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }),
      await h.client().get(METRICS_URL, { authorization: TOKEN }),
      await admin.get(METRICS_URL),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.',
      });
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await h.client().request({ method: 'HEAD', url: METRICS_URL })).status).toBe(401);
    // The right token, in any case of "Bearer"; HEAD too.
    expect((await h.client().get(METRICS_URL, { authorization: `bearer ${TOKEN}` })).status).toBe(200);
    expect(
      (await h.client().request({ method: 'HEAD', url: METRICS_URL, headers: bearer(TOKEN) })).status,
    ).toBe(200);
    // No audit entry, no session, nothing else written by a scrape or a refused one.
    expect(changedTables(afterToken, await tableSnapshot(h.database, tables))).toEqual([]);
    expect(changedTables(before, afterToken)).toEqual(['api_tokens', 'audits']);
  });
});

describe('the rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3', METRICS_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('never limits scrapes, nor counts them against the address', async () => {
    const scraper = server.client({ remoteAddress: '10.50.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await scraper.get(METRICS_URL, bearer(TOKEN))).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const api: number[] = [];
    for (let i = 0; i < 4; i += 1) api.push((await scraper.get('/api/v1/users')).status);
    expect(api).toEqual([401, 401, 401, 429]);
  });
});
