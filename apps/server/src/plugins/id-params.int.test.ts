import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables } from '../test/db-snapshot.js';
import { caseOf, routeLabel } from '../test/route-cases.js';
import { startRouteHarness, type RouteHarness } from '../test/route-harness.js';
import type { TestClient } from '../test/test-client.js';

/**
 * Ids in paths and query strings are digits only (issue 21, item 10): `POST /api/v1/postings/1e1/reverse` reversed
 * posting 10, because the id was coerced as a JavaScript number. Every catalogue route with an `:id` parameter, and
 * every query id, answers 422 to an id written any other way, and writes nothing.
 */
const NOT_DIGITS_ONLY = ['1e1', '010', '+10', '10.0', '0x0A', ' 10', '1_0', '0', '-1', '١٠'];

let harness: RouteHarness;
let admin: TestClient;
beforeAll(async () => {
  harness = await startRouteHarness('id-params');
  admin = await harness.h.signInAsAdmin();
}, 120_000);
afterAll(async () => {
  await harness?.h.close();
});

/** Sends `url` as the route's method with the valid request's body (an empty one for unsafe routes without). */
const send = (method: string, url: string, body: unknown) =>
  admin.request({
    method: method as 'GET',
    url,
    ...(body !== undefined ? { body } : method === 'GET' ? {} : { body: {} }),
  });

describe('ids written other than in digits', () => {
  it('every route with an :id parameter answers 422 naming the id, and writes nothing', async () => {
    const routes = harness.h.app.routeCatalogue.filter(
      (r) => r.url.includes('/:id') && r.access.auth === 'user',
    );
    expect(routes.map(routeLabel)).toEqual(
      expect.arrayContaining(['POST /api/v1/postings/:id/reverse', 'GET /api/v1/postings/:id']),
    );
    const mismatches: unknown[] = [];
    for (const route of routes) {
      const valid = await caseOf(route).valid(harness.ctx);
      const at = route.url.split('/').indexOf(':id');
      for (const id of NOT_DIGITS_ONLY) {
        const parts = valid.url.split('/');
        parts[at] = encodeURIComponent(id);
        const before = await harness.snapshot();
        const answer = await send(route.method, parts.join('/'), valid.body);
        const changed = changedTables(before, await harness.snapshot());
        if (answer.status !== 422 || !answer.body?.errors?.id || changed.length)
          mismatches.push({
            route: routeLabel(route),
            id,
            status: answer.status,
            body: answer.body,
            changed,
          });
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('query ids (the audit log user filter, the supplier invoice check) answer 422 too', async () => {
    const mismatches: unknown[] = [];
    for (const id of NOT_DIGITS_ONLY) {
      const value = encodeURIComponent(id);
      for (const [url, field] of [
        [`/api/v1/audits?userId=${value}`, 'userId'],
        [
          `/api/v1/firstJournalTransporterInvoice/supplier-invoice-check?transporterInvoice=${value}&number=S-1`,
          'transporterInvoice',
        ],
      ] as const) {
        const answer = await admin.get(url);
        if (answer.status !== 422 || !answer.body?.errors?.[field])
          mismatches.push({ url, status: answer.status, body: answer.body });
      }
    }
    expect(mismatches).toEqual([]);
    // Digits only is what they take.
    expect((await admin.get('/api/v1/audits?userId=1&perPage=1')).status).toBe(200);
  });
});
