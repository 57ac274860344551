import { DOCUMENT } from '../entities.js';
import { sapError } from '../errors.js';
import { formatCents, fromCents, fromMicros, toCents } from '../money.js';
import type { BusinessPartner, EntityRecord } from '../records.js';
import type { SimData } from '../state.js';
import { lineEntity, priceLine, withVat, type DocumentCurrency, type PricedLine } from './document-lines.js';
import {
  requireBranch,
  requireDistributionRules,
  requireRate,
  requireVatPercent,
  type VatSide,
} from './finance.js';
import { requireActivePartner, requireOpenPeriod, requirePostableAccount } from './master-data.js';
import { checkBody, num, text, type Fields } from './payload.js';

/**
 * A/R Invoices and A/P PurchaseInvoices. Only service documents can post: the simulator keeps no items, so an
 * item line (or any ItemCode) fails as SAP fails for an unknown item. VAT is exclusive: a line with a VatGroup
 * adds round(net x rate, 2) in each currency; a line without one adds none.
 */
export interface DocumentKind {
  cardType: BusinessPartner['CardType'];
  /** SAP's default journal remark, e.g. "A/R Invoices - C10001". */
  memoPrefix: string;
  /** Output groups on A/R, input groups on A/P. */
  vatSide: VatSide;
}

export const INVOICE_KIND: DocumentKind = {
  cardType: 'cCustomer',
  memoPrefix: 'A/R Invoices',
  vatSide: 'bovcOutputTax',
};
export const PURCHASE_INVOICE_KIND: DocumentKind = {
  cardType: 'cSupplier',
  memoPrefix: 'A/P Invoices',
  vatSide: 'bovcInputTax',
};

/** DocTotal (local) and, in a foreign-currency document, DocTotalFc, if sent, must be what the lines make. */
function checkGivenTotals(fields: Fields, totalCents: number, totalFcCents: number, foreign: boolean): void {
  const givenTotal = num(fields, 'DocTotal');
  if (givenTotal !== undefined && toCents(givenTotal) !== totalCents) {
    throw sapError('docTotalMismatch', {
      docTotal: formatCents(toCents(givenTotal)),
      linesTotal: formatCents(totalCents),
    });
  }
  const givenFc = num(fields, 'DocTotalFc');
  if (foreign && givenFc !== undefined && toCents(givenFc) !== totalFcCents) {
    throw sapError('docTotalFcMismatch', {
      docTotal: formatCents(toCents(givenFc)),
      linesTotal: formatCents(totalFcCents),
    });
  }
}

function documentCurrency(data: SimData, fields: Fields, docDate: string, today: string): DocumentCurrency {
  const code = text(fields, 'DocCurrency') ?? data.company.LocalCurrency;
  const rateMicros = requireRate(data, code, docDate, today, num(fields, 'DocRate'));
  return { code, foreign: code !== data.company.LocalCurrency, rateMicros };
}

const sum = (lines: PricedLine[], pick: (line: PricedLine) => number): number =>
  lines.reduce((total, line) => total + pick(line), 0);

/** Validates an Invoices / PurchaseInvoices POST body; the entity lacks DocEntry, DocNum, TransNum. */
export function prepareDocument(
  body: Record<string, unknown>,
  kind: DocumentKind,
  data: SimData,
  today: string,
): EntityRecord {
  const { fields, lines: rawLines = [] } = checkBody(body, DOCUMENT);
  const cardCode = text(fields, 'CardCode');
  if (cardCode === null) throw sapError('missingProperty', { property: 'CardCode', type: DOCUMENT.name });
  if (rawLines.length === 0) throw sapError('tooFewDocumentLines');
  const docType = text(fields, 'DocType') ?? 'dDocument_Items';
  const docDate = text(fields, 'DocDate') ?? today;
  const currency = documentCurrency(data, fields, docDate, today);
  const lines = rawLines.map((line, index) => {
    const priced = priceLine(line, index, docType === 'dDocument_Service', currency);
    const vatGroup = text(line, 'VatGroup');
    if (vatGroup === null) return priced;
    return withVat(priced, requireVatPercent(data, vatGroup, kind.vatSide, docDate, index + 1));
  });
  const [net, vat] = [sum(lines, (l) => l.totalCents), sum(lines, (l) => l.taxCents)];
  const [netFc, vatFc] = [sum(lines, (l) => l.fcCents), sum(lines, (l) => l.taxFcCents)];
  checkGivenTotals(fields, net + vat, netFc + vatFc, currency.foreign);
  const partner = requireActivePartner(data, cardCode, kind.cardType);
  for (const line of lines) requirePostableAccount(data, text(line.fields, 'AccountCode') as string);
  lines.forEach((line, index) => requireDistributionRules(data, line.fields, index + 1));
  const branch = requireBranch(data, fields, 'BPL_IDAssignedToInvoice');
  requireOpenPeriod(data, docDate);
  return {
    DocType: docType,
    DocDate: docDate,
    DocDueDate: text(fields, 'DocDueDate') ?? docDate,
    TaxDate: text(fields, 'TaxDate') ?? docDate,
    CardCode: cardCode,
    CardName: partner.CardName,
    NumAtCard: text(fields, 'NumAtCard'),
    DocTotal: fromCents(net + vat),
    DocCurrency: currency.code,
    DocRate: fromMicros(currency.rateMicros),
    DocTotalFc: currency.foreign ? fromCents(netFc + vatFc) : 0,
    VatSum: fromCents(vat),
    VatSumFc: currency.foreign ? fromCents(vatFc) : 0,
    BPL_IDAssignedToInvoice: branch?.BPLID ?? null,
    BPLName: branch?.BPLName ?? null,
    Reference1: text(fields, 'Reference1'),
    Reference2: text(fields, 'Reference2'),
    Comments: text(fields, 'Comments'),
    JournalMemo: text(fields, 'JournalMemo') ?? `${kind.memoPrefix} - ${cardCode}`,
    DocumentStatus: 'bost_Open',
    Cancelled: 'tNO',
    CancelStatus: 'csNo',
    DocumentLines: lines.map((line, index) => lineEntity(line, index, currency)),
  };
}
