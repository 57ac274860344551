import { stepColumnsOf, type ServerKind } from '../shared/kind.js';
import type { LedgerMap } from '../shared/ledgers.js';
import { listedStatus } from '../shared/list.js';
import { vasTransactionDemo } from './demo.js';
import { vasTransactionImport } from './import.js';
import { vasRulesFor, vasTransactionRules, type VasRequestInput } from './rules.js';
import { vasTransactionDocument, type VasInput } from './sap-document.js';
import { vasTransactions as t } from './table.js';

/** VAS transaction: posted through the queue (the registry's `queued`); a loss needs Post Loss. */
export const vasTransaction = {
  name: 'vasTransaction',
  table: t,
  columns: stepColumnsOf(t),
  list: ({ db, dateTime, day, toPost, inRange }, range) =>
    db
      .select({
        id: t.id,
        tripNumber: t.tripNumber,
        transporterName: t.transporterName,
        truckNumber: t.truckNumber,
        orderNumber: t.orderNumber,
        supplierName: t.supplierName,
        warehouse: t.warehouse,
        description: t.description,
        originQuantity: t.originQuantity,
        collectedQuantity: t.collectedQuantity,
        buyingUnitPrice: t.buyingUnitPrice,
        sellingUnitPrice: t.sellingUnitPrice,
        totalAmount: t.totalAmount,
        profitMargin: t.profitMargin,
        productType: t.productType,
        revenueAccountId: t.revenueAccountId,
        costAccountId: t.costAccountId,
        documentDate: dateTime(t.documentDate),
        postingDate: day(t.postingDate),
        pickupOrderNo: t.pickupOrderNo,
        status: listedStatus(t.status),
        lastError: t.lastError,
      })
      .from(t)
      .where(inRange(t.documentDate, range, toPost(t.status)))
      .orderBy(t.documentDate, t.id),
  requests: (body) =>
    body.postSap.map((e) => ({
      id: e.vasTransactionId,
      postingDate: e.postingDate,
      input: {
        revenueAccountId: e.sapAccountRevenue,
        costAccountId: e.sapAccountCost,
        collectedQuantity: e.collectedQuantity,
        pickupOrderNo: e.orderNumber,
      },
    })),
  rules: vasTransactionRules,
  forUser: vasRulesFor,
  sapDocument: vasTransactionDocument,
  import: vasTransactionImport,
  demo: vasTransactionDemo,
} satisfies ServerKind<'vasTransaction', typeof t, VasRequestInput, LedgerMap, VasInput>;
