import { DOCUMENT } from '../entities.js';
import { sapError } from '../errors.js';
import {
  formatCents,
  fromCents,
  fromMicros,
  lineTotalCents,
  toCents,
  toMicros,
  unitPriceMicros,
} from '../money.js';
import type { BusinessPartner, EntityRecord } from '../records.js';
import type { SimData } from '../state.js';
import { requireActivePartner, requireOpenPeriod, requirePostableAccount } from './master-data.js';
import { checkBody, num, text, type Fields } from './payload.js';

/**
 * A/R Invoices and A/P PurchaseInvoices. Only service documents can post: the simulator keeps no items, so an
 * item line (or any ItemCode) fails as SAP fails for an unknown item. Tax is not computed: DocTotal is the sum
 * of the line totals, whatever VatGroup says.
 */
interface PricedLine {
  fields: Fields;
  quantityMicros: number;
  priceMicros: number;
  totalCents: number;
}

function priceLine(fields: Fields, index: number, isService: boolean): PricedLine {
  const line = index + 1;
  if (text(fields, 'ItemCode') !== null) throw sapError('noMatchingRecords');
  if (!isService) throw sapError('itemLineWithoutItem', { line });
  if (text(fields, 'AccountCode') === null) throw sapError('missingLineAccount', { line });

  const quantity = num(fields, 'Quantity');
  const quantityMicros = quantity === undefined ? 1_000_000 : toMicros(quantity);
  if (quantityMicros <= 0) throw sapError('badQuantity', { line });
  const price = num(fields, 'Price') ?? num(fields, 'UnitPrice');
  const lineTotal = num(fields, 'LineTotal');
  if ((price !== undefined && price < 0) || (lineTotal !== undefined && lineTotal < 0)) {
    throw sapError('negativeAmount', { line });
  }
  // SAP derives whichever of price and line total is missing; when both are given the line total wins.
  if (lineTotal !== undefined) {
    const totalCents = toCents(lineTotal);
    return { fields, quantityMicros, totalCents, priceMicros: unitPriceMicros(totalCents, quantityMicros) };
  }
  if (price === undefined) throw sapError('missingPrice', { line });
  const priceMicros = toMicros(price);
  return { fields, quantityMicros, priceMicros, totalCents: lineTotalCents(priceMicros, quantityMicros) };
}

export interface DocumentKind {
  cardType: BusinessPartner['CardType'];
  /** SAP's default journal remark, e.g. "A/R Invoices - C10001". */
  memoPrefix: string;
}

export const INVOICE_KIND: DocumentKind = { cardType: 'cCustomer', memoPrefix: 'A/R Invoices' };
export const PURCHASE_INVOICE_KIND: DocumentKind = { cardType: 'cSupplier', memoPrefix: 'A/P Invoices' };

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
  const lines = rawLines.map((line, index) => priceLine(line, index, docType === 'dDocument_Service'));

  const totalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const givenTotal = num(fields, 'DocTotal');
  if (givenTotal !== undefined && toCents(givenTotal) !== totalCents) {
    throw sapError('docTotalMismatch', {
      docTotal: formatCents(toCents(givenTotal)),
      linesTotal: formatCents(totalCents),
    });
  }

  const partner = requireActivePartner(data, cardCode, kind.cardType);
  for (const line of lines) requirePostableAccount(data, text(line.fields, 'AccountCode') as string);
  const docDate = text(fields, 'DocDate') ?? today;
  requireOpenPeriod(data, docDate);

  return {
    DocType: docType,
    DocDate: docDate,
    DocDueDate: text(fields, 'DocDueDate') ?? docDate,
    TaxDate: text(fields, 'TaxDate') ?? docDate,
    CardCode: cardCode,
    CardName: partner.CardName,
    NumAtCard: text(fields, 'NumAtCard'),
    DocTotal: fromCents(totalCents),
    DocCurrency: 'KES',
    Reference1: text(fields, 'Reference1'),
    Reference2: text(fields, 'Reference2'),
    Comments: text(fields, 'Comments'),
    JournalMemo: text(fields, 'JournalMemo') ?? `${kind.memoPrefix} - ${cardCode}`,
    DocumentStatus: 'bost_Open',
    Cancelled: 'tNO',
    CancelStatus: 'csNo',
    DocumentLines: lines.map((line, index) => ({
      LineNum: index,
      ItemCode: null,
      ItemDescription: text(line.fields, 'ItemDescription'),
      AccountCode: text(line.fields, 'AccountCode'),
      Quantity: fromMicros(line.quantityMicros),
      Price: fromMicros(line.priceMicros),
      UnitPrice: fromMicros(line.priceMicros),
      LineTotal: fromCents(line.totalCents),
      WarehouseCode: text(line.fields, 'WarehouseCode'),
      CostingCode: text(line.fields, 'CostingCode'),
      VatGroup: text(line.fields, 'VatGroup'),
    })),
  };
}
