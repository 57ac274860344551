import { nairobiDay } from './posting-harness.js';
import type { RouteCase } from './route-case.js';

/**
 * The security cases of reconciliation with SAP (issue 11): every route needs "Run Reconciliation". A run is
 * started over today (nothing posted: a clean run); adopting a difference of a run that does not exist answers
 * 404. Adopting one also needs the View and the Post permission of the difference's kind (issue 21): the
 * route cannot declare them (a route's permissions are alternatives, and the kind is known only from the
 * difference), so the service checks them, answering 404 without View and this matrix's 403 sentence without
 * Post; modules/reconciliation/reconciliation-adopt.int.test.ts and reconciliation-scope.int.test.ts prove it
 * (adoption itself: reconciliation.int.test.ts).
 */
export function reconciliationRouteCases(): Record<string, RouteCase> {
  const range = () => ({ fromDate: nairobiDay(), toDate: nairobiDay() });
  return {
    'POST /api/v1/reconciliations': {
      valid: async () => ({ url: '/api/v1/reconciliations', body: range(), status: 202 }),
    },
    'GET /api/v1/reconciliations': { valid: async () => ({ url: '/api/v1/reconciliations', status: 200 }) },
    'GET /api/v1/reconciliations/:id': {
      async valid({ h }) {
        const admin = await h.signInAsAdmin();
        const started = await admin.post('/api/v1/reconciliations', range());
        if (started.status !== 202) throw new Error(`No reconciliation started: ${started.text}`);
        return { url: `/api/v1/reconciliations/${started.body.data.id as number}`, status: 200 };
      },
    },
    'POST /api/v1/reconciliations/:id/differences/:index/adopt': {
      valid: async () => ({ url: '/api/v1/reconciliations/2147483647/differences/0/adopt', status: 404 }),
    },
  };
}
