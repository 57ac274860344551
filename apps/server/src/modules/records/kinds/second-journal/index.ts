import { sql } from 'drizzle-orm';
import { transporterInvoices as t } from '../transporter-invoices/table.js';
import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
import { secondJournalDateProblem } from './posting-order.js';
import { secondJournalDocument, type SecondJournalInput } from './sap-document.js';

const columns = stepColumnsOf(t, 'sj');

/**
 * Second journal: move the accrual onto the transporter's account. Same row as the first journal (its table
 * and import are in transporter-invoices/); listed and postable only once the first is posted (the registry's `requires`).
 */
export const kind = {
  name: 'secondJournal',
  table: t,
  columns,
  list: stepList('secondJournal', t, columns, {
    extra: {
      firstJournalPostedAt: (ctx) => ctx.dateTime(t.fjPostedAt),
      firstJournalPostingDate: (ctx) => ctx.day(t.fjPostingDate),
    },
    sortBy: { firstJournalPostedAt: t.fjPostedAt, firstJournalPostingDate: t.fjPostingDate },
    more: [sql`${t.fjStatus} = 'posted'`],
  }),
  requests: requestsOf('secondJournal', () => ({})),
  rules: (deps) => ({
    check: (row, request) =>
      amountProblem(row.invoiceAmount, 'invoice amount') ??
      secondJournalDateProblem(row, request.postingDate, deps.timeZone),
    document: (row, request, key) =>
      secondJournalDocument(
        {
          ...documentCommon(row, request, key, deps.timeZone),
          amount: String(row.invoiceAmount),
          transporterCode: row.transporterCode,
          supplierInvoiceNumber: row.supplierInvoiceNumber ?? undefined,
        },
        deps.accounts,
      ),
  }),
  sapDocument: secondJournalDocument,
} satisfies ServerKind<'secondJournal', typeof t, object, undefined, SecondJournalInput>;

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    secondJournal: typeof kind;
  }
}
