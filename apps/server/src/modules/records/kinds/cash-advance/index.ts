import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { prefetchLedgers, pettyCashProblem, type LedgerMap } from '../shared/ledgers.js';
import { stepList } from '../shared/list.js';
import { amountProblem, documentCommon } from '../shared/rules.js';
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
  list: stepList('cashAdvance', t, t),
  requests: requestsOf('cashAdvance', (e) => ({ onAccountId: e.sapAccount })),
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
      cashAdvanceDocument(
        {
          ...documentCommon(row, request, key, deps.timeZone),
          amount: String(row.amount),
          transporterCode: row.transporterCode,
          pettyCashAccount: (await deps.ledgers(request.input.onAccountId))!.accountNumber,
        },
        deps.accounts,
      ),
  }),
  sapDocument: cashAdvanceDocument,
  import: cashAdvanceImport,
  demo: cashAdvanceDemo,
} satisfies ServerKind<'cashAdvance', typeof t, CashInput, LedgerMap, CashAdvanceInput>;
