import { formatCents, numberToCents } from './money.js';
import type { SapDocument, SapDocumentTotals, SapInvoiceTotals } from './sap-gateway.js';

/**
 * SAP's own totals of a posted invoice (issue 25: the posting history shows net, VAT and gross): VatSum and
 * DocTotal in the local currency, VatSumFc and DocTotalFc in a foreign-currency document's currency, read from
 * what SAP answered (the created document, or the document a key look-up found). Pure and total: a figure SAP did
 * not answer, or one that is not an amount, gives none (null), never an error, so reading them can never fail a
 * posting.
 */

/** numeric(14,2), the column that keeps them: under a trillion. */
const LIMIT = 1_000_000_000_000;

/** An amount SAP answered (a JSON number) as decimal text with two places; null when it is not one. */
function amountText(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= LIMIT) return null;
  try {
    return formatCents(numberToCents(value));
  } catch {
    return null;
  }
}

function pair(vat: unknown, gross: unknown): SapDocumentTotals | null {
  const [v, g] = [amountText(vat), amountText(gross)];
  return v !== null && g !== null ? { vat: v, gross: g } : null;
}

/** An invoice's VAT and gross as SAP answered them, in its local currency and in its foreign one. */
export function invoiceTotalsOf(answer: Record<string, unknown> | null | undefined): SapInvoiceTotals {
  if (!answer) return { local: null, foreign: null };
  return {
    local: pair(answer.VatSum, answer.DocTotal),
    foreign: pair(answer.VatSumFc, answer.DocTotalFc),
  };
}

/**
 * The totals to keep for `document`: only an invoice sent with a VAT group on a line has them (a journal entry
 * has no VAT; an invoice without a group is the spec's, shown as its amount alone), in the document's currency:
 * the foreign one when we sent `DocCurrency`, else the local one. Null when SAP did not answer them.
 */
export function keptTotals(
  document: SapDocument,
  totals: SapInvoiceTotals | null | undefined,
): SapDocumentTotals | null {
  try {
    if (document.entity === 'JournalEntries' || !totals) return null;
    const lines = document.payload.DocumentLines;
    const withVat =
      Array.isArray(lines) &&
      lines.some((line) => typeof (line as { VatGroup?: unknown } | null)?.VatGroup === 'string');
    if (!withVat) return null;
    return (typeof document.payload.DocCurrency === 'string' ? totals.foreign : totals.local) ?? null;
  } catch {
    // Never a failure of the posting: no totals.
    return null;
  }
}

/** `keptTotals` of a document SAP answered with `answer` (the body of its POST); null on anything unexpected. */
export function totalsOfAnswer(
  document: SapDocument,
  answer: Record<string, unknown> | null | undefined,
): SapDocumentTotals | null {
  try {
    return keptTotals(document, invoiceTotalsOf(answer));
  } catch {
    return null;
  }
}
