import type { PostCashAdvancesBody, PostFuelAdvancesBody } from '@ff/contract';
import { formatCents, multiplyToCents } from '../../../erp/money.js';
import type { PostingRules } from '../../../erp/posting-rules.js';
import type { KindRules, RowRequest } from '../../posting/posting.service.js';
import type { LedgerAccountLookup, LedgerAccountRecord } from '../records.repository.js';
import { amountProblem, documentDay, quantityOf, tripMemo } from './shared.js';

export const PETTY_CASH = 'petty cash';

type CashInput = { ledgerId: number };
type FuelInput = { ledgerId: number; collectedQuantity: string; pickupOrderNo: string };

export const cashAdvanceRequests = (body: PostCashAdvancesBody): RowRequest<CashInput>[] =>
  body.postSap.map((e) => ({ id: e.cashAdvanceId, postingDate: e.postingDate, input: { ledgerId: e.sapAccount } }));

export const fuelAdvanceRequests = (body: PostFuelAdvancesBody): RowRequest<FuelInput>[] =>
  body.postSap.map((e) => ({
    id: e.fuelAdvanceId,
    postingDate: e.postingDate,
    input: { ledgerId: e.sapAccount, collectedQuantity: e.collectedQuantity, pickupOrderNo: e.orderNumber },
  }));

export type LedgerMap = Map<number, LedgerAccountRecord>;

/** The ledger accounts a request names, loaded once before the claiming transaction. */
export async function prefetchLedgers(ledgers: LedgerAccountLookup, ids: number[]): Promise<LedgerMap> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => ledgers(id)));
  return new Map(found.filter((l): l is LedgerAccountRecord => l !== undefined).map((l) => [l.id, l]));
}

function ledgerProblem(ledgersById: LedgerMap, id: number): string | null {
  const ledger = ledgersById.get(id);
  if (!ledger) return 'the chosen posting ledger does not exist.';
  if (!ledger.isActive) return `the posting ledger ${ledger.accountNumber} is disabled.`;
  if (ledger.accountType !== PETTY_CASH) return `the account ${ledger.accountNumber} is not a petty cash ledger.`;
  return null;
}

/** Cash advance: debit the transporter, credit the chosen petty-cash ledger. */
export const cashAdvanceRules = (rules: PostingRules, timeZone: string, ledgers: LedgerAccountLookup): KindRules<CashInput> => ({
  prefetch: (requests) => prefetchLedgers(ledgers, requests.map((r) => r.input.ledgerId)),
  check: (row, request, prefetched) => ledgerProblem(prefetched as LedgerMap, request.input.ledgerId) ?? amountProblem(row.amount, 'amount'),
  storedInputs: (_row, request) => ({ onAccountId: request.input.ledgerId }),
  document: async (row, request, key) =>
    rules.cashAdvance({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      amount: String(row.amount),
      transporterCode: String(row.transporterCode),
      pettyCashAccount: (await ledgers(request.input.ledgerId))!.accountNumber,
      memo: tripMemo(row),
    }),
});

/** Fuel advance: the server computes the total as collected quantity x unit price (never the client's). */
export const fuelAdvanceRules = (rules: PostingRules, timeZone: string, ledgers: LedgerAccountLookup): KindRules<FuelInput> => ({
  prefetch: (requests) => prefetchLedgers(ledgers, requests.map((r) => r.input.ledgerId)),
  check(row, request, prefetched) {
    const ledger = ledgerProblem(prefetched as LedgerMap, request.input.ledgerId);
    if (ledger) return ledger;
    const collected = quantityOf(request.input.collectedQuantity);
    if (collected < 0n) return 'the collected quantity cannot be negative.';
    if (collected > quantityOf(String(row.originQuantity))) {
      return `the collected quantity ${request.input.collectedQuantity} is more than the original quantity ${String(row.originQuantity)}.`;
    }
    if (multiplyToCents(request.input.collectedQuantity, String(row.unitPrice)) <= 0n) {
      return 'the total (collected quantity x unit price) is zero; SAP does not accept a zero amount.';
    }
    return null;
  },
  storedInputs: (row, request) => ({
    onAccountId: request.input.ledgerId,
    collectedQuantity: request.input.collectedQuantity,
    pickupOrderNo: request.input.pickupOrderNo,
    totalAmount: formatCents(multiplyToCents(request.input.collectedQuantity, String(row.unitPrice))),
  }),
  document: async (row, request, key) =>
    rules.fuelAdvance({
      key,
      postingDate: request.postingDay,
      documentDate: documentDay(row, timeZone),
      transporterCode: String(row.transporterCode),
      ledgerAccount: (await ledgers(request.input.ledgerId))!.accountNumber,
      collectedQuantity: request.input.collectedQuantity,
      unitPrice: String(row.unitPrice),
      pickupOrderNumber: request.input.pickupOrderNo,
      memo: tripMemo(row),
    }),
});
