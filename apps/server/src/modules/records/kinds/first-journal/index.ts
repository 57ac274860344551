import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
import { transporterInvoiceDemo, transporterInvoiceImport } from './import.js';
import { firstJournalDocument, type FirstJournalInput } from './sap-document.js';
import { transporterInvoices as t } from './table.js';

type FirstInput = { supplierInvoiceNumber: string };

const columns = stepColumnsOf(t, 'fj');

/** First journal: accrue the transporter's cost; the supplier invoice number typed by the user is kept. */
export const firstJournal = {
  name: 'firstJournal',
  table: t,
  columns,
  list: stepList('firstJournal', t, columns),
  requests: requestsOf('firstJournal', (e) => ({ supplierInvoiceNumber: e.supplierInvoiceNumber })),
  rules: (deps) => ({
    check: (row) => amountProblem(row.invoiceAmount, 'invoice amount'),
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
} satisfies ServerKind<'firstJournal', typeof t, FirstInput, undefined, FirstJournalInput>;
