import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { makeRecords } from './posting-harness.js';
import type { RouteCase } from './route-case.js';

/**
 * The security cases of SAP's posting periods (any signed-in user) and the first-journal tab's duplicate
 * supplier invoice check (View Transporter Invoices), issue 11. The harness's simulator answers the periods.
 */
export function postingPeriodsRouteCases(): Record<string, RouteCase> {
  const check = `${RECORD_KINDS_PLAIN.firstJournal.apiPath}/supplier-invoice-check`;
  return {
    'GET /api/v1/posting-periods': {
      valid: async () => ({ url: '/api/v1/posting-periods', status: 200 }),
    },
    [`GET ${check}`]: {
      async valid({ h }) {
        const [id] = await makeRecords(h, 'transporter', 1);
        return { url: check, query: { transporterInvoice: String(id), number: 'SINV-CASE-1' }, status: 200 };
      },
    },
  };
}
