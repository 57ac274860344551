import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
import { transporterInvoiceDemo, transporterInvoiceImport } from '../transporter-invoices/import.js';
import { firstJournalDocument, type FirstJournalInput } from './sap-document.js';
import {
  duplicateSupplierInvoiceProblem,
  supplierInvoiceUses,
  type SupplierInvoiceInput,
  type SupplierInvoiceUses,
} from './supplier-invoices.js';
import { transporterInvoices as t } from '../transporter-invoices/table.js';

/** The transporter invoices' table (../transporter-invoices/, with its import piece): both journal steps' rows. */
export { transporterInvoices } from '../transporter-invoices/table.js';

const columns = stepColumnsOf(t, 'fj');

/**
 * First journal: accrue the transporter's cost; the supplier invoice number typed by the user is kept. A number
 * already used for the same transporter is refused unless the user confirmed it (supplier-invoices.ts).
 */
export const kind = {
  name: 'firstJournal',
  table: t,
  columns,
  list: stepList('firstJournal', t, columns),
  requests: requestsOf('firstJournal', (e) => ({
    supplierInvoiceNumber: e.supplierInvoiceNumber,
    allowDuplicate: e.allowDuplicateSupplierInvoice === true,
  })),
  rules: (deps) => ({
    // In the claim, so two posts of one number at the same moment never both pass (supplier-invoices.ts).
    prefetchInClaim: (tx, requests) => supplierInvoiceUses(tx, requests),
    check: (row, request, uses) =>
      amountProblem(row.invoiceAmount, 'invoice amount') ?? duplicateSupplierInvoiceProblem(request, uses),
    storedInputs: (_row, request) => ({ supplierInvoiceNumber: request.input.supplierInvoiceNumber }),
    document: (row, request, key) =>
      firstJournalDocument(
        {
          ...documentCommon(row, request, key, deps.timeZone),
          amount: String(row.invoiceAmount),
          supplierInvoiceNumber: request.input.supplierInvoiceNumber,
        },
        deps.accounts,
      ),
  }),
  sapDocument: firstJournalDocument,
  import: transporterInvoiceImport,
  demo: transporterInvoiceDemo,
} satisfies ServerKind<
  'firstJournal',
  typeof t,
  SupplierInvoiceInput,
  SupplierInvoiceUses,
  FirstJournalInput
>;

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    firstJournal: typeof kind;
  }
}
