import { stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { prefetchLedgers, pettyCashProblem, type LedgerMap } from '../shared/ledgers.js';
import { listedStatus } from '../shared/list.js';
import { amountProblem, documentDay, tripMemo } from '../shared/rules.js';
import { cashAdvanceDemo, cashAdvanceImport } from './import.js';
import { cashAdvanceDocument, type CashAdvanceInput } from './sap-document.js';
import { cashAdvances as t } from './table.js';

/** The chosen petty-cash ledger (the body's `sapAccount`), stored as the row's `onAccountId`. */
type CashInput = { onAccountId: number };

/** Cash advance: debit the transporter, credit the chosen petty-cash ledger. */
export const cashAdvance = {
  name: 'cashAdvance',
  table: t,
  columns: stepColumnsOf(t),
  list: ({ db, dateTime, day, toPost, inRange }, range) =>
    db
      .select({
        id: t.id,
        tripNumber: t.tripNumber,
        route: t.route,
        transporterName: t.transporterName,
        truckNumber: t.truckNumber,
        amount: t.amount,
        documentDate: dateTime(t.documentDate),
        postingDate: day(t.postingDate),
        onAccountId: t.onAccountId,
        status: listedStatus(t.status),
        lastError: t.lastError,
      })
      .from(t)
      .where(inRange(t.documentDate, range, toPost(t.status)))
      .orderBy(t.documentDate, t.id),
  requests: (body) =>
    body.postSap.map((e) => ({
      id: e.cashAdvanceId,
      postingDate: e.postingDate,
      input: { onAccountId: e.sapAccount },
    })),
  rules: (deps) => ({
    prefetch: (requests) =>
      prefetchLedgers(
        deps.ledgers,
        requests.map((r) => r.input.onAccountId),
      ),
    check: (row, request, ledgers) =>
      pettyCashProblem(ledgers, request.input.onAccountId) ?? amountProblem(row.amount, 'amount'),
    storedInputs: (_row, request) => ({ onAccountId: request.input.onAccountId }),
    document: async (row, request, key) =>
      cashAdvanceDocument({
        key,
        postingDate: request.postingDay,
        documentDate: documentDay(row, deps.timeZone),
        amount: String(row.amount),
        transporterCode: row.transporterCode,
        pettyCashAccount: (await deps.ledgers(request.input.onAccountId))!.accountNumber,
        memo: tripMemo(row),
      }),
  }),
  sapDocument: cashAdvanceDocument,
  import: cashAdvanceImport,
  demo: cashAdvanceDemo,
} satisfies ServerKind<'cashAdvance', typeof t, CashInput, LedgerMap, CashAdvanceInput>;
