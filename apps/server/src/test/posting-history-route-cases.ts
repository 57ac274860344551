import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { postedCashAdvance } from './reversal-route-cases.js';
import type { RouteCase } from './route-case.js';

/**
 * The security cases of the posting history (issue 11): the list, the VAS summary and one posting's detail.
 */
export function postingHistoryRouteCases(): Record<string, RouteCase> {
  return {
    'GET /api/v1/postings': {
      valid: async () => ({ url: '/api/v1/postings', query: { perPage: '10' }, status: 200 }),
    },
    'GET /api/v1/postings/summary': {
      valid: async () => ({
        url: '/api/v1/postings/summary',
        query: { kind: 'journalVasTransaction' },
        status: 200,
      }),
    },
    'GET /api/v1/postings/reversed': {
      valid: async ({ h }) => ({
        url: '/api/v1/postings/reversed',
        query: { kind: 'journalCashAdvance', recordIds: String(await postedCashAdvance(h)) },
        status: 200,
      }),
    },
    // Each kind's View permission opens the route but shows only that kind's postings: a cash advance's posting
    // is seen with View Cash Advances (the matrix adds it), and is 404 without it.
    'GET /api/v1/postings/:id': {
      valid: async ({ h }) => ({ url: `/api/v1/postings/${await postedCashAdvance(h)}`, status: 200 }),
      viewedWith: RECORD_KINDS_PLAIN.cashAdvance.permissions.view,
    },
  };
}
