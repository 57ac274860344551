import { sql } from 'drizzle-orm';
import { formatCents, multiplyToCents } from '../../../../erp/money.js';
import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { prefetchLedgers, pettyCashProblem, type LedgerMap } from '../shared/ledgers.js';
import { stepList } from '../shared/list.js';
import { collectedQuantityProblem, documentCommon } from '../shared/rules.js';
import { fuelAdvanceDemo, fuelAdvanceImport } from './import.js';
import { fuelAdvanceDocument, type FuelAdvanceInput } from './sap-document.js';
import { fuelAdvances as t } from './table.js';

/** The body's `sapAccount` is the ledger (`onAccountId`), its `orderNumber` the pickup order number the row stores. */
type FuelInput = { onAccountId: number; collectedQuantity: string; pickupOrderNo: string };

/** Fuel advance: the server computes the total as collected quantity x unit price (never the client's). */
export const fuelAdvance = {
  name: 'fuelAdvance',
  table: t,
  columns: stepColumnsOf(t),
  awaitingAmount: sql`coalesce(${t.totalAmount}, round(${t.originQuantity} * ${t.unitPrice}, 2))`,
  list: stepList('fuelAdvance', t, t),
  requests: requestsOf('fuelAdvance', (e) => ({
    onAccountId: e.sapAccount,
    collectedQuantity: e.collectedQuantity,
    pickupOrderNo: e.orderNumber,
  })),
  rules: (deps) => ({
    prefetch: (requests) =>
      prefetchLedgers(
        deps.ledgers,
        requests.map((r) => r.input.onAccountId),
      ),
    check(row, request, ledgers) {
      const problem =
        pettyCashProblem(ledgers, request.input.onAccountId) ??
        collectedQuantityProblem(request.input.collectedQuantity, row);
      if (problem) return problem;
      if (multiplyToCents(request.input.collectedQuantity, row.unitPrice) <= 0n) {
        return 'the total (collected quantity x unit price) is zero; SAP does not accept a zero amount.';
      }
      return null;
    },
    storedInputs: (row, request) => ({
      onAccountId: request.input.onAccountId,
      collectedQuantity: request.input.collectedQuantity,
      pickupOrderNo: request.input.pickupOrderNo,
      totalAmount: formatCents(multiplyToCents(request.input.collectedQuantity, row.unitPrice)),
    }),
    document: async (row, request, key) =>
      fuelAdvanceDocument(
        {
          ...documentCommon(row, request, key, deps.timeZone),
          transporterCode: row.transporterCode,
          ledgerAccount: (await deps.ledgers(request.input.onAccountId))!.accountNumber,
          collectedQuantity: request.input.collectedQuantity,
          unitPrice: row.unitPrice,
          pickupOrderNumber: request.input.pickupOrderNo,
        },
        deps.accounts,
      ),
  }),
  sapDocument: fuelAdvanceDocument,
  import: fuelAdvanceImport,
  demo: fuelAdvanceDemo,
} satisfies ServerKind<'fuelAdvance', typeof t, FuelInput, LedgerMap, FuelAdvanceInput>;
