import type { PostingRequest } from '../../../posting/kind-rules.js';
import { stepColumnsOf, type KindDeps, type ServerKind } from '../shared/kind.js';
import { listedStatus } from '../shared/list.js';
import { amountProblem, documentDay, tripMemo } from '../shared/rules.js';
import { salesInvoiceDemo, salesInvoiceImport } from './import.js';
import { salesInvoiceDocument, type SalesInvoiceInput } from './sap-document.js';
import { salesInvoices as t } from './table.js';

type Row = typeof t.$inferSelect;

/** Sales invoice -> A/R service invoice to the customer, freight revenue line. */
const document = (deps: KindDeps) => (row: Row, request: PostingRequest, key: string) =>
  salesInvoiceDocument(
    {
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, deps.timeZone),
      customerCode: row.customerCode,
      amount: String(row.amount),
      customerReference: row.clientRef ?? row.cargoRef ?? undefined,
      lineDescription: [
        `Freight ${row.route ?? ''}`.trim(),
        row.containerNumber ? `container ${row.containerNumber}` : '',
      ]
        .filter(Boolean)
        .join(', '),
      memo: tripMemo(row),
    },
    deps.accounts,
  );

export const salesInvoice = {
  name: 'salesInvoice',
  table: t,
  columns: stepColumnsOf(t),
  list: ({ db, dateTime, day, toPost, inRange }, range) =>
    db
      .select({
        id: t.id,
        clientName: t.clientName,
        cargoRef: t.cargoRef,
        clientRef: t.clientRef,
        tripNumber: t.tripNumber,
        containerNumber: t.containerNumber,
        containerSize: t.containerSize,
        containerWeight: t.containerWeight,
        truckNumber: t.truckNumber,
        route: t.route,
        documentDate: dateTime(t.documentDate),
        postingDate: day(t.postingDate),
        amount: t.amount,
        status: listedStatus(t.status),
        lastError: t.lastError,
      })
      .from(t)
      .where(inRange(t.documentDate, range, toPost(t.status)))
      .orderBy(t.documentDate, t.id),
  requests: (body) => body.postSap.map((e) => ({ id: e.saleInvoice, postingDate: e.postingDate, input: {} })),
  rules: (deps) => ({ check: (row) => amountProblem(row.amount, 'amount'), document: document(deps) }),
  sapDocument: salesInvoiceDocument,
  import: salesInvoiceImport,
  demo: salesInvoiceDemo,
} satisfies ServerKind<'salesInvoice', typeof t, object, undefined, SalesInvoiceInput>;
