import { inArray } from 'drizzle-orm';
import { PERMISSIONS, POSTING_MESSAGES } from '@ff/contract';
import { formatCents, multiplyToCents } from '../../../../erp/money.js';
import type { KindRules } from '../shared/kind-rules.js';
import type { KindDeps } from '../shared/kind.js';
import { prefetchLedgers, type LedgerMap } from '../shared/ledgers.js';
import { collectedQuantityProblem, documentCommon } from '../shared/rules.js';
import { vasTransactionDocument } from './sap-document.js';
import { vasTransactions as t } from './table.js';

export const VAS_REVENUE = 'Vas Transaction Revenue';
export const VAS_COST = 'Vas Transaction Cost';

type Row = typeof t.$inferSelect;
/** The body's revenue and cost accounts, quantity and order number, as the row names them. */
export type VasRequestInput = {
  revenueAccountId: number;
  costAccountId: number;
  collectedQuantity: string;
  pickupOrderNo: string;
};
type Prices = Pick<Row, 'buyingUnitPrice' | 'sellingUnitPrice'>;
type VasRules = KindRules<Row, VasRequestInput, LedgerMap>;

/** Total and margin as the server computes them: selling x quantity, and selling x q - buying x q, in cents. */
export function vasFigures(row: Prices, collectedQuantity: string) {
  const selling = multiplyToCents(collectedQuantity, row.sellingUnitPrice);
  const buying = multiplyToCents(collectedQuantity, row.buyingUnitPrice);
  return { total: selling, margin: selling - buying, buying };
}

/**
 * VAS: revenue and cost accounts of the same category, collected quantity within the original, and a
 * non-zero amount. The document is built from the stored row, because the queue worker posts it later.
 */
export const vasTransactionRules = (deps: KindDeps): VasRules => ({
  prefetch: (requests) =>
    prefetchLedgers(
      deps.ledgers,
      requests.flatMap((r) => [r.input.revenueAccountId, r.input.costAccountId]),
    ),
  check(row, request, ledgers) {
    const revenue = ledgers.get(request.input.revenueAccountId);
    const cost = ledgers.get(request.input.costAccountId);
    if (!revenue || revenue.accountType !== VAS_REVENUE)
      return 'the chosen revenue account is not a VAS revenue account.';
    if (!cost || cost.accountType !== VAS_COST) return 'the chosen cost account is not a VAS cost account.';
    if (!revenue.isActive || !cost.isActive) return 'the chosen revenue or cost account is disabled.';
    if (revenue.category !== cost.category) {
      return `the cost account ${cost.accountNumber} (${cost.category}) is not in the revenue account's category (${revenue.category}).`;
    }
    const quantity = collectedQuantityProblem(request.input.collectedQuantity, row);
    if (quantity) return quantity;
    const { total, buying } = vasFigures(row, request.input.collectedQuantity);
    if (total === 0n && buying === 0n)
      return 'the amount to post is zero; SAP does not accept a zero amount.';
    return null;
  },
  storedInputs(row, request) {
    const { total, margin } = vasFigures(row, request.input.collectedQuantity);
    return { ...request.input, totalAmount: formatCents(total), profitMargin: formatCents(margin) };
  },
  async document(row, request, key) {
    const revenue = await deps.ledgers(Number(row.revenueAccountId));
    const cost = await deps.ledgers(Number(row.costAccountId));
    return vasTransactionDocument({
      ...documentCommon(row, request, key, deps.timeZone),
      transporterCode: row.transporterCode,
      supplierCode: row.supplierCode,
      revenueAccount: revenue?.accountNumber ?? '',
      costAccount: cost?.accountNumber ?? '',
      collectedQuantity: String(row.collectedQuantity),
      sellingUnitPrice: row.sellingUnitPrice,
      buyingUnitPrice: row.buyingUnitPrice,
      pickupOrderNumber: String(row.pickupOrderNo),
    });
  },
});

/**
 * The VAS rules for a user without Post Loss: a request with a row that would post a loss is refused (403)
 * before anything is claimed; the check re-runs on the locked row inside the claim, so prices changed by an
 * import in between cannot slip a loss through.
 */
export function withoutLosses(rules: VasRules, deps: Pick<KindDeps, 'db'>): VasRules {
  return {
    ...rules,
    async forbidden(requests) {
      const ids = requests.map((r) => r.id);
      const rows = ids.length
        ? await deps.db
            .select({ id: t.id, buyingUnitPrice: t.buyingUnitPrice, sellingUnitPrice: t.sellingUnitPrice })
            .from(t)
            .where(inArray(t.id, ids))
        : [];
      const prices = new Map(rows.map((p) => [p.id, p]));
      const loss = requests.some((r) => {
        const row = prices.get(r.id);
        return row !== undefined && vasFigures(row, r.input.collectedQuantity).margin < 0n;
      });
      return loss ? POSTING_MESSAGES.loss : null;
    },
    check(row, request, prefetched) {
      const problem = rules.check(row, request, prefetched);
      if (problem) return problem;
      return vasFigures(row, request.input.collectedQuantity).margin < 0n
        ? 'it would post a loss, and you do not have the Post Loss permission.'
        : null;
    },
  };
}

/** A user's VAS rules: a loss needs Post Loss. */
export const vasRulesFor = (
  rules: VasRules,
  permissions: readonly string[],
  deps: Pick<KindDeps, 'db'>,
): VasRules => (permissions.includes(PERMISSIONS.postLoss) ? rules : withoutLosses(rules, deps));
