import { sql } from 'drizzle-orm';
import { requestsOf, stepColumnsOf, type ServerKind } from '../shared/kind.js';
import type { LedgerMap } from '../shared/ledgers.js';
import { stepList } from '../shared/list.js';
import { vasTransactionDemo } from './demo.js';
import { vasTransactionImport } from './import.js';
import { vasRulesFor, vasTransactionRules, type VasRequestInput } from './rules.js';
import { vasTransactionDocument, type VasInput } from './sap-document.js';
import { vasTransactions as t } from './table.js';

export { vasTransactions } from './table.js';

/** VAS transaction: posted through the queue (the registry's `queued`); a loss needs Post Loss. */
export const kind = {
  name: 'vasTransaction',
  table: t,
  columns: stepColumnsOf(t),
  awaitingAmount: sql`coalesce(${t.totalAmount}, round(${t.originQuantity} * ${t.sellingUnitPrice}, 2))`,
  list: stepList('vasTransaction', t, t),
  requests: requestsOf('vasTransaction', (e) => ({
    revenueAccountId: e.sapAccountRevenue,
    costAccountId: e.sapAccountCost,
    collectedQuantity: e.collectedQuantity,
    pickupOrderNo: e.orderNumber,
  })),
  rules: vasTransactionRules,
  forUser: vasRulesFor,
  sapDocument: vasTransactionDocument,
  import: vasTransactionImport,
  demo: vasTransactionDemo,
} satisfies ServerKind<'vasTransaction', typeof t, VasRequestInput, LedgerMap, VasInput>;

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    vasTransaction: typeof kind;
  }
}
