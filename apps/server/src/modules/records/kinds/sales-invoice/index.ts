import type { PostingRequest } from '../shared/kind-rules.js';
import { requestsOf, stepColumnsOf, type KindDeps, type ServerKind } from '../shared/kind.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
import { salesInvoiceDemo, salesInvoiceImport } from './import.js';
import { salesInvoiceDocument, type SalesInvoiceInput } from './sap-document.js';
import { salesInvoices as t } from './table.js';

export { salesInvoices } from './table.js';

type Row = typeof t.$inferSelect;

/** Sales invoice -> A/R service invoice to the customer, freight revenue line. */
const document = (deps: KindDeps) => (row: Row, request: PostingRequest, key: string) =>
  salesInvoiceDocument(
    {
      ...documentCommon(row, request, key, deps.timeZone),
      customerCode: row.customerCode,
      amount: String(row.amount),
      customerReference: row.clientRef ?? row.cargoRef ?? undefined,
      lineDescription: [
        `Freight ${row.route ?? ''}`.trim(),
        row.containerNumber ? `container ${row.containerNumber}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    },
    deps.accounts,
  );

export const kind = {
  name: 'salesInvoice',
  table: t,
  columns: stepColumnsOf(t),
  list: stepList('salesInvoice', t, t),
  requests: requestsOf('salesInvoice', () => ({})),
  rules: (deps) => ({ check: (row) => amountProblem(row.amount, 'amount'), document: document(deps) }),
  sapDocument: salesInvoiceDocument,
  import: salesInvoiceImport,
  demo: salesInvoiceDemo,
} satisfies ServerKind<'salesInvoice', typeof t, object, undefined, SalesInvoiceInput>;

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    salesInvoice: typeof kind;
  }
}
