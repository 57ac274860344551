import type { PostVasTransactionsBody } from '@ff/contract';
import { formatCents, multiplyToCents } from '../../../erp/money.js';
import type { PostingRules } from '../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../posting/posting.service.js';
import type { LedgerAccountLookup } from '../records.repository.js';
import { prefetchLedgers, type LedgerMap } from './advances.js';
import { documentDay, quantityOf, tripMemo } from './shared.js';

export const VAS_REVENUE = 'Vas Transaction Revenue';
export const VAS_COST = 'Vas Transaction Cost';

type VasInput = { revenueId: number; costId: number; collectedQuantity: string; pickupOrderNo: string };

export const vasTransactionRequests = (body: PostVasTransactionsBody): RowRequest<VasInput>[] =>
  body.postSap.map((e) => ({
    id: e.vasTransactionId,
    postingDate: e.postingDate,
    input: { revenueId: e.sapAccountRevenue, costId: e.sapAccountCost, collectedQuantity: e.collectedQuantity, pickupOrderNo: e.orderNumber },
  }));

/** Total and margin as the server computes them: selling x quantity, and selling x q - buying x q, in cents. */
export function vasFigures(row: Record<string, unknown>, collectedQuantity: string) {
  const selling = multiplyToCents(collectedQuantity, String(row.sellingUnitPrice));
  const buying = multiplyToCents(collectedQuantity, String(row.buyingUnitPrice));
  return { total: selling, margin: selling - buying, buying };
}

/**
 * VAS: revenue and cost accounts of the same category, collected quantity within the original, and a
 * non-zero amount. The loss check (Post Loss) runs over the whole request before anything is claimed.
 * The document is built from the stored row, because the queue worker posts it later.
 */
export const vasTransactionRules = (rules: PostingRules, timeZone: string, ledgers: LedgerAccountLookup): KindRules<VasInput> => ({
  prefetch: (requests) => prefetchLedgers(ledgers, requests.flatMap((r) => [r.input.revenueId, r.input.costId])),
  check(row, request, prefetched) {
    const revenue = (prefetched as LedgerMap).get(request.input.revenueId);
    const cost = (prefetched as LedgerMap).get(request.input.costId);
    if (!revenue || revenue.accountType !== VAS_REVENUE) return 'the chosen revenue account is not a VAS revenue account.';
    if (!cost || cost.accountType !== VAS_COST) return 'the chosen cost account is not a VAS cost account.';
    if (!revenue.isActive || !cost.isActive) return 'the chosen revenue or cost account is disabled.';
    if (revenue.category !== cost.category) {
      return `the cost account ${cost.accountNumber} (${cost.category}) is not in the revenue account's category (${revenue.category}).`;
    }
    const collected = quantityOf(request.input.collectedQuantity);
    if (collected < 0n) return 'the collected quantity cannot be negative.';
    if (collected > quantityOf(String(row.originQuantity))) {
      return `the collected quantity ${request.input.collectedQuantity} is more than the original quantity ${String(row.originQuantity)}.`;
    }
    const { total, buying } = vasFigures(row, request.input.collectedQuantity);
    if (total === 0n && buying === 0n) return 'the amount to post is zero; SAP does not accept a zero amount.';
    return null;
  },
  storedInputs(row, request) {
    const { total, margin } = vasFigures(row, request.input.collectedQuantity);
    return {
      revenueAccountId: request.input.revenueId,
      costAccountId: request.input.costId,
      collectedQuantity: request.input.collectedQuantity,
      pickupOrderNo: request.input.pickupOrderNo,
      totalAmount: formatCents(total),
      profitMargin: formatCents(margin),
    };
  },
  async document(row, request, key) {
    const revenue = await ledgers(Number(row.revenueAccountId));
    const cost = await ledgers(Number(row.costAccountId));
    return rules.vasTransaction({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      transporterCode: String(row.transporterCode),
      supplierCode: String(row.supplierCode),
      revenueAccount: revenue?.accountNumber ?? '',
      costAccount: cost?.accountNumber ?? '',
      collectedQuantity: String(row.collectedQuantity),
      sellingUnitPrice: String(row.sellingUnitPrice),
      buyingUnitPrice: String(row.buyingUnitPrice),
      pickupOrderNumber: String(row.pickupOrderNo),
      memo: tripMemo(row),
    });
  },
});

/**
 * The VAS rules for a user without Post Loss: a row that would post a loss is refused. The route refuses such
 * a request with 403 before claiming; this re-check runs on the locked row inside the claim, so prices changed
 * by an import in between cannot slip a loss through.
 */
export function withoutLosses<I extends { collectedQuantity: string }>(rules: KindRules<I>): KindRules<I> {
  return {
    ...rules,
    check(row, request, prefetched) {
      const problem = rules.check(row, request, prefetched);
      if (problem) return problem;
      return vasFigures(row, request.input.collectedQuantity).margin < 0n ? 'it would post a loss, and you do not have the Post Loss permission.' : null;
    },
  };
}
