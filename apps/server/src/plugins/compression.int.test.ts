import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv } from '../config/env.js';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { LIST_CHUNK_ROWS } from '../lib/list-stream.js';
import { generateDemoSet } from '../modules/demo-data/demo-data.service.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { TestClient } from '../test/test-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, APP_URL } from '../test/test-server.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';
import { CACHE_HASHED_ASSET, CACHE_INDEX_HTML } from './spa.js';

/**
 * What a browser and a proxy see of answers over the wire: JSON (a streamed full list included), the OpenAPI
 * document and the SPA's files come compressed (brotli or gzip, as the client accepts), small answers do not,
 * and the cache headers let a browser keep hashed assets for a year while it checks index.html on every load.
 * The SPA is a built folder made here: an index.html and a content-hashed script, as Vite lays them out.
 */
const TIME_ZONE = 'Africa/Nairobi';
const LIST = RECORD_KINDS_PLAIN.salesInvoice.apiPath;
const ASSET = '/assets/index-3f9a1c2b.js';
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function row${i}(value) { return { id: ${i}, label: 'Row ${i}', value }; }\n`,
).join('');

let spaDir: string;
let database: TestDatabase;
let app: App;
let admin: TestClient;

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'ff-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(
    join(spaDir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body></body></html>`,
  );
  writeFileSync(join(spaDir, ASSET), SCRIPT);
  database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_KEY: 'c'.repeat(40),
    APP_URL,
    APP_TIMEZONE: TIME_ZONE,
  });
  await seedFoundation(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, env.APP_KEY);
  app = await buildApp({ env, database, logger: false, webDistDir: spaDir });
  await app.ready();
  // More sales invoices than one chunk, so the full list is answered as a stream.
  const set = generateDemoSet({ count: LIST_CHUNK_ROWS + 100, seed: 7 }, TIME_ZONE);
  await app.services.imports.importJson('sales-invoices', set['sales-invoices'], {
    context: { actor: SYSTEM_ACTOR, ip: '127.0.0.1' },
    via: 'as test data',
  });
  admin = new TestClient(app);
  await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

/** GET as the signed-in administrator, with this Accept-Encoding (none: no header at all). */
async function get(url: string, acceptEncoding?: string, accept = '*/*') {
  const cookie = [...admin.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { cookie, accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
  const encoding = response.headers['content-encoding'];
  const raw = response.rawPayload;
  const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { response, encoding, wireBytes: raw.length, text: body.toString('utf8') };
}

/** The headers helmet sets on every answer (plugins/security-headers.ts). */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe.each([
  ['a streamed full list', LIST],
  ['the OpenAPI document', '/api/openapi.json'],
  ['a hashed script of the SPA', ASSET],
])('%s', (_what, url) => {
  it.each(['br', 'gzip'])(
    'comes %s-compressed to a client that accepts it, unchanged inside',
    async (enc) => {
      const plain = await get(url);
      expect(plain.response.statusCode).toBe(200);
      expect(plain.encoding).toBeUndefined();
      const compressed = await get(url, enc === 'br' ? 'br' : 'gzip, deflate');
      expect(compressed.response.statusCode).toBe(200);
      expect(compressed.encoding).toBe(enc);
      expect(compressed.response.headers.vary).toContain('accept-encoding');
      expect(compressed.text).toBe(plain.text);
      expect(compressed.wireBytes).toBeLessThan(plain.wireBytes / 3);
      expectSecurityHeaders(compressed.response.headers);
      if (url.startsWith('/api/')) expect(compressed.response.headers['cache-control']).toBe('no-store');
    },
  );

  it("prefers brotli when a browser accepts several (Chrome's header)", async () => {
    expect((await get(url, 'gzip, deflate, br, zstd')).encoding).toBe('br');
  });
});

describe('small answers', () => {
  it(`stay uncompressed below ${COMPRESSION_THRESHOLD_BYTES} bytes`, async () => {
    const empty = await get(`${LIST}?search=${encodeURIComponent('no such trip anywhere')}`, 'br');
    expect(empty.response.statusCode).toBe(200);
    expect(JSON.parse(empty.text)).toEqual({ data: [] });
    expect(empty.encoding).toBeUndefined();
    const user = await get('/user', 'br, gzip');
    expect(user.response.statusCode).toBe(200);
    expect(user.wireBytes).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(user.encoding).toBeUndefined();
  });
});

describe('cache headers of the SPA', () => {
  it('lets a browser keep a hashed asset for a year without asking again', async () => {
    const { response } = await get(ASSET, 'br');
    expect(response.headers['cache-control']).toBe(CACHE_HASHED_ASSET);
    expect(CACHE_HASHED_ASSET).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it.each(['/index.html', '/', '/invoices/sales?fromDate=2026-01-01'])(
    'has the browser check %s on every load (no-cache)',
    async (url) => {
      const page = await get(url, 'br', 'text/html,application/xhtml+xml');
      expect(page.response.statusCode).toBe(200);
      expect(page.response.headers['content-type']).toContain('text/html');
      expect(page.response.headers['cache-control']).toBe(CACHE_INDEX_HTML);
      expect(page.text).toContain(ASSET);
      expectSecurityHeaders(page.response.headers);
    },
  );
});
