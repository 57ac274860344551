import { formatCents, multiplyToCents } from '../../../../erp/money.js';
import { stepColumnsOf, type ServerKind } from '../shared/kind.js';
import { prefetchLedgers, pettyCashProblem, type LedgerMap } from '../shared/ledgers.js';
import { listedStatus } from '../shared/list.js';
import { collectedQuantityProblem, documentDay, tripMemo } from '../shared/rules.js';
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
  list: ({ db, dateTime, day, toPost, inRange }, range) =>
    db
      .select({
        id: t.id,
        tripNumber: t.tripNumber,
        route: t.route,
        transporterName: t.transporterName,
        truckNumber: t.truckNumber,
        orderNumber: t.orderNumber,
        warehouse: t.warehouse,
        description: t.description,
        originQuantity: t.originQuantity,
        collectedQuantity: t.collectedQuantity,
        unitPrice: t.unitPrice,
        totalAmount: t.totalAmount,
        documentDate: dateTime(t.documentDate),
        postingDate: day(t.postingDate),
        onAccountId: t.onAccountId,
        pickupOrderNo: t.pickupOrderNo,
        status: listedStatus(t.status),
        lastError: t.lastError,
      })
      .from(t)
      .where(inRange(t.documentDate, range, toPost(t.status)))
      .orderBy(t.documentDate, t.id),
  requests: (body) =>
    body.postSap.map((e) => ({
      id: e.fuelAdvanceId,
      postingDate: e.postingDate,
      input: {
        onAccountId: e.sapAccount,
        collectedQuantity: e.collectedQuantity,
        pickupOrderNo: e.orderNumber,
      },
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
        collectedQuantityProblem(request.input.collectedQuantity, row.originQuantity);
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
      fuelAdvanceDocument({
        key,
        postingDate: request.postingDay,
        documentDate: documentDay(row, deps.timeZone),
        transporterCode: row.transporterCode,
        ledgerAccount: (await deps.ledgers(request.input.onAccountId))!.accountNumber,
        collectedQuantity: request.input.collectedQuantity,
        unitPrice: row.unitPrice,
        pickupOrderNumber: request.input.pickupOrderNo,
        memo: tripMemo(row),
      }),
  }),
  sapDocument: fuelAdvanceDocument,
  import: fuelAdvanceImport,
  demo: fuelAdvanceDemo,
} satisfies ServerKind<'fuelAdvance', typeof t, FuelInput, LedgerMap, FuelAdvanceInput>;
