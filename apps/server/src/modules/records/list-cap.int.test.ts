import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importRecords,
  nairobiDay,
  recordRows,
  startPostingHarness,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { PATHS } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * A record list without paging parameters (the spec's full array) answers up to LIST_ROW_CAP rows; past it, 422
 * asking for a shorter date range or pages, before reading any of them (issue 24). Pages are never capped.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  h = await startPostingHarness({ env: { LIST_ROW_CAP: '5' } });
  admin = await h.signInAsAdmin();
  await importRecords(
    h,
    'sales',
    [1, 1, 1, 2, 2, 3].map((daysAgo) =>
      recordRows.sales({ documentDate: `${nairobiDay(-daysAgo)}T09:00:00` }),
    ),
  );
}, 120_000);
afterAll(() => h?.close());

describe('GET a record list without paging, past LIST_ROW_CAP', { timeout: 60_000 }, () => {
  it('answers 422 naming the list and the way out; a narrower range and pages answer', async () => {
    const whole = await admin.get(PATHS.sales);
    expect(whole.status).toBe(422);
    expect(whole.body).toEqual({
      message:
        'The list of sales invoices holds more than 5 records for these dates and search: choose a shorter date range or ask for pages (page and perPage).',
    });

    const narrower = await admin.get(`${PATHS.sales}?fromDate=${nairobiDay(-2)}&toDate=${nairobiDay()}`);
    expect(narrower.status).toBe(200);
    expect(narrower.body.data).toHaveLength(5);

    const page = await admin.get(`${PATHS.sales}?page=1&perPage=100`);
    expect(page.status).toBe(200);
    expect(page.body.meta.total).toBe(6);
  });
});
