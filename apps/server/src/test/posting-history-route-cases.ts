import type { RouteCase } from './route-cases.js';

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
    // Each kind's View permission opens the route but shows only that kind's postings, so no one posting is
    // seen by every holder alone: the case asks for one that is not there (404). The 200 answer and its
    // schema are proven in modules/posting-history/posting-history.int.test.ts.
    'GET /api/v1/postings/:id': {
      valid: async () => ({ url: '/api/v1/postings/2147483000', status: 404 }),
    },
  };
}
