import { type ServerKind } from '../shared/kind.js';
import { listedStatus } from '../shared/list.js';
import { amountProblem, documentDay, tripMemo } from '../shared/rules.js';
import { transporterInvoiceDemo, transporterInvoiceImport } from './import.js';
import { transporterListColumns } from './list.js';
import { firstJournalDocument, type FirstJournalInput } from './sap-document.js';
import { transporterInvoices as t } from './table.js';

type FirstInput = { supplierInvoiceNumber: string };

/** First journal: accrue the transporter's cost; the supplier invoice number typed by the user is kept. */
export const firstJournal = {
  name: 'firstJournal',
  table: t,
  columns: {
    status: t.fjStatus,
    postingDate: t.fjPostingDate,
    postedAt: t.fjPostedAt,
    postedById: t.fjPostedById,
    sapDocEntry: t.fjSapDocEntry,
    sapDocNum: t.fjSapDocNum,
    lastError: t.fjLastError,
  },
  list: (ctx, range) =>
    ctx.db
      .select({
        ...transporterListColumns(ctx),
        postingDate: ctx.day(t.fjPostingDate),
        status: listedStatus(t.fjStatus),
        lastError: t.fjLastError,
      })
      .from(t)
      .where(ctx.inRange(t.documentDate, range, ctx.toPost(t.fjStatus)))
      .orderBy(t.documentDate, t.id),
  requests: (body) =>
    body.postSap.map((e) => ({
      id: e.transporterInvoice,
      postingDate: e.postingDate,
      input: { supplierInvoiceNumber: e.supplierInvoiceNumber },
    })),
  rules: (deps) => ({
    check: (row) => amountProblem(row.invoiceAmount, 'invoice amount'),
    storedInputs: (_row, request) => ({ supplierInvoiceNumber: request.input.supplierInvoiceNumber }),
    document: (row, request, key) =>
      firstJournalDocument(
        {
          key,
          postingDate: request.postingDay,
          documentDate: documentDay(row, deps.timeZone),
          amount: String(row.invoiceAmount),
          supplierInvoiceNumber: request.input.supplierInvoiceNumber,
          memo: tripMemo(row),
        },
        deps.accounts,
      ),
  }),
  sapDocument: firstJournalDocument,
  import: transporterInvoiceImport,
  demo: transporterInvoiceDemo,
} satisfies ServerKind<'firstJournal', typeof t, FirstInput, undefined, FirstJournalInput>;
