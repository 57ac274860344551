import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, startPostingHarness, type PostingHarness } from '../../test/posting-harness.js';
import type { TestClient } from '../../test/test-client.js';
import { auditChainKey } from './audit-chain.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService, tooManyRows } from './audit.service.js';

/**
 * The audit log's unpaged form (the spec's `GET /audits` full array, issue 24): read in keyset chunks with constant
 * memory, in every sort the screen offers, and refused with 422 past LIST_ROW_CAP rather than read whole.
 */
const CAP = 25;
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness({ env: { LIST_ROW_CAP: String(CAP) } });
  admin = await h.signInAsAdmin();
  const context = (name: string, ip: string) => ({ actor: { id: null, name }, ip });
  // Ties on purpose: the same event, user and address many times, so chunk ends fall inside runs of equal keys.
  for (let i = 0; i < 24; i += 1)
    await h.app.services.audit.record(
      context(['Zawadi Unpaged', 'amina unpaged', 'Brian Unpaged'][i % 3]!, `10.9.0.${i % 4}`),
      `Unpaged event ${['item 2', 'Item 10', 'item 1'][i % 3]}`,
    );
}, 120_000);
afterAll(() => h?.close());

type Entry = { id: number; event: string; createdBy: string; ipAddress: string; createdAt: string };
const text = async (body: string | Readable | object) => {
  if (typeof body === 'string') return body;
  let all = '';
  for await (const piece of body as Readable) all += String(piece);
  return all;
};

describe('GET /api/v1/audits without paging', { timeout: 60_000 }, () => {
  it('reads the log in chunks of a few rows with the same rows, in the same order, as one page of them all', async () => {
    const service = createAuditService(
      createAuditRepository(h.database.db, auditChainKey(APP_KEY)),
      'Africa/Nairobi',
      {
        rowCap: 1_000,
        chunkRows: 4,
      },
    );
    for (const sort of [
      undefined,
      'event',
      'event:desc',
      'createdBy',
      'createdBy:desc',
      'ipAddress',
      'createdAt',
      'createdAt:desc',
    ]) {
      const query = { search: 'unpaged', ...(sort ? { sort } : {}) };
      const chunked = JSON.parse(await text(await service.list(query))) as { data: Entry[] };
      const paged = (await service.list({ ...query, page: 1, perPage: 500 })) as { data: Entry[] };
      expect(chunked.data.length, String(sort)).toBe(24);
      expect(chunked.data, String(sort)).toEqual(paged.data);
    }
  });

  it(`answers up to LIST_ROW_CAP rows (${CAP} here), and 422 asking for a narrower range or pages past it`, async () => {
    const within = await admin.get('/api/v1/audits?search=unpaged');
    expect(within.status).toBe(200);
    expect(within.body.data).toHaveLength(24);

    const whole = await admin.get('/api/v1/audits');
    expect(whole.status).toBe(422);
    expect(whole.body).toEqual({ message: tooManyRows(CAP) });
    expect(whole.body.message).toBe(
      'The audit log holds more than 25 entries for this filter: choose a shorter date range or ask for pages (page and perPage).',
    );
    // Paging is never capped.
    const page = await admin.get('/api/v1/audits?page=1&perPage=10');
    expect(page.status).toBe(200);
    expect(page.body.meta.total).toBeGreaterThan(CAP);
  });
});
