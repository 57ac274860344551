import { sql } from 'drizzle-orm';
import { transporterListColumns } from '../first-journal/list.js';
import { transporterInvoices as t } from '../first-journal/table.js';
import { type ServerKind } from '../shared/kind.js';
import { listedStatus } from '../shared/list.js';
import { amountProblem, documentDay, tripMemo } from '../shared/rules.js';
import { secondJournalDocument, type SecondJournalInput } from './sap-document.js';

/**
 * Second journal: move the accrual onto the transporter's account. Same row as the first journal (its table
 * and import are first-journal/'s); listed and postable only once the first is posted (the registry's `requires`).
 */
export const secondJournal = {
  name: 'secondJournal',
  table: t,
  columns: {
    status: t.sjStatus,
    postingDate: t.sjPostingDate,
    postedAt: t.sjPostedAt,
    postedById: t.sjPostedById,
    sapDocEntry: t.sjSapDocEntry,
    sapDocNum: t.sjSapDocNum,
    lastError: t.sjLastError,
  },
  list: (ctx, range) =>
    ctx.db
      .select({
        ...transporterListColumns(ctx),
        postingDate: ctx.day(t.sjPostingDate),
        firstJournalPostedAt: ctx.dateTime(t.fjPostedAt),
        status: listedStatus(t.sjStatus),
        lastError: t.sjLastError,
      })
      .from(t)
      .where(ctx.inRange(t.documentDate, range, sql`${t.fjStatus} = 'posted'`, ctx.toPost(t.sjStatus)))
      .orderBy(t.documentDate, t.id),
  requests: (body) =>
    body.postSap.map((e) => ({ id: e.transporterInvoice, postingDate: e.postingDate, input: {} })),
  rules: (deps) => ({
    check: (row) => amountProblem(row.invoiceAmount, 'invoice amount'),
    document: (row, request, key) =>
      secondJournalDocument(
        {
          key,
          postingDate: request.postingDay,
          documentDate: documentDay(row, deps.timeZone),
          amount: String(row.invoiceAmount),
          transporterCode: row.transporterCode,
          supplierInvoiceNumber: row.supplierInvoiceNumber ?? undefined,
          memo: tripMemo(row),
        },
        deps.accounts,
      ),
  }),
  sapDocument: secondJournalDocument,
} satisfies ServerKind<'secondJournal', typeof t, object, undefined, SecondJournalInput>;
