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
import { taxCents, toForeignCents, toLocalCents } from '../rates.js';
import type { EntityRecord } from '../records.js';
import { COSTING_CODES } from './finance.js';
import { num, text, type Fields } from './payload.js';

/**
 * One service line of an Invoices / PurchaseInvoices body, priced as SAP prices it. In a local-currency document
 * Price and LineTotal are local. In a foreign-currency document (DocCurrency not the local currency) Price,
 * UnitPrice and RowTotalFC are in the document currency and LineTotal is the local amount (INV1.LineTotal vs
 * INV1.TotalFrgn): the local total is round(FC x rate, 2); a LineTotal alone is converted back to FC.
 */
export interface DocumentCurrency {
  code: string;
  foreign: boolean;
  /** Local currency per unit, in millionths; 1_000_000 for a local-currency document. */
  rateMicros: number;
}

export interface PricedLine {
  fields: Fields;
  quantityMicros: number;
  /** In the document currency. */
  priceMicros: number;
  /** Net, local currency. */
  totalCents: number;
  /** Net, document currency (0 in a local-currency document). */
  fcCents: number;
  /** VAT percent in millionths (0 without VatGroup), and the VAT in local and document currency. */
  vatPercentMicros: number;
  taxCents: number;
  taxFcCents: number;
}

type Amounts = Pick<PricedLine, 'priceMicros' | 'totalCents' | 'fcCents'>;

function localAmounts(line: number, quantityMicros: number, price?: number, lineTotal?: number): Amounts {
  // SAP derives whichever of price and line total is missing; when both are given the line total wins.
  if (lineTotal !== undefined) {
    const totalCents = toCents(lineTotal);
    return { totalCents, fcCents: 0, priceMicros: unitPriceMicros(totalCents, quantityMicros) };
  }
  if (price === undefined) throw sapError('missingPrice', { line });
  const priceMicros = toMicros(price);
  return { priceMicros, totalCents: lineTotalCents(priceMicros, quantityMicros), fcCents: 0 };
}

function foreignAmounts(
  line: number,
  quantityMicros: number,
  currency: DocumentCurrency,
  amounts: { price?: number; lineTotal?: number; rowTotalFc?: number },
): Amounts {
  const { price, lineTotal, rowTotalFc } = amounts;
  let fcCents: number;
  let priceMicros: number;
  if (rowTotalFc !== undefined) {
    fcCents = toCents(rowTotalFc);
    priceMicros = unitPriceMicros(fcCents, quantityMicros);
  } else if (price !== undefined) {
    priceMicros = toMicros(price);
    fcCents = lineTotalCents(priceMicros, quantityMicros);
  } else if (lineTotal !== undefined) {
    const totalCents = toCents(lineTotal);
    fcCents = toForeignCents(totalCents, currency.rateMicros);
    return { totalCents, fcCents, priceMicros: unitPriceMicros(fcCents, quantityMicros) };
  } else {
    throw sapError('missingPrice', { line });
  }
  const totalCents = toLocalCents(fcCents, currency.rateMicros);
  if (lineTotal !== undefined && toCents(lineTotal) !== totalCents) {
    throw sapError('localTotalMismatch', {
      line,
      lineTotal: formatCents(toCents(lineTotal)),
      fcTotal: formatCents(fcCents),
      rate: fromMicros(currency.rateMicros),
      expected: formatCents(totalCents),
    });
  }
  return { totalCents, fcCents, priceMicros };
}

/** Prices a line (VAT comes later, from its group): quantity, currency, then the amounts in each currency. */
export function priceLine(
  fields: Fields,
  index: number,
  isService: boolean,
  currency: DocumentCurrency,
): PricedLine {
  const line = index + 1;
  if (text(fields, 'ItemCode') !== null) throw sapError('noMatchingRecords');
  if (!isService) throw sapError('itemLineWithoutItem', { line });
  if (text(fields, 'AccountCode') === null) throw sapError('missingLineAccount', { line });
  const quantity = num(fields, 'Quantity');
  const quantityMicros = quantity === undefined ? 1_000_000 : toMicros(quantity);
  if (quantityMicros <= 0) throw sapError('badQuantity', { line });
  const lineCurrency = text(fields, 'Currency');
  if (lineCurrency !== null && lineCurrency !== currency.code) {
    throw sapError('lineCurrencyMismatch', { line, currency: lineCurrency, docCurrency: currency.code });
  }
  const price = num(fields, 'Price') ?? num(fields, 'UnitPrice');
  const lineTotal = num(fields, 'LineTotal');
  const rowTotalFc = num(fields, 'RowTotalFC');
  if ([price, lineTotal, rowTotalFc].some((amount) => amount !== undefined && amount < 0)) {
    throw sapError('negativeAmount', { line });
  }
  const amounts = currency.foreign
    ? foreignAmounts(line, quantityMicros, currency, { price, lineTotal, rowTotalFc })
    : localAmounts(line, quantityMicros, price, lineTotal);
  return { fields, quantityMicros, ...amounts, vatPercentMicros: 0, taxCents: 0, taxFcCents: 0 };
}

/** The line's VAT at `percentMicros`, computed per currency: round(net x rate, 2). */
export function withVat(line: PricedLine, percentMicros: number): PricedLine {
  return {
    ...line,
    vatPercentMicros: percentMicros,
    taxCents: taxCents(line.totalCents, percentMicros),
    taxFcCents: taxCents(line.fcCents, percentMicros),
  };
}

/** The stored / returned line, in SAP's property order. */
export function lineEntity(line: PricedLine, index: number, currency: DocumentCurrency): EntityRecord {
  const { fields } = line;
  const entity: EntityRecord = {
    LineNum: index,
    ItemCode: null,
    ItemDescription: text(fields, 'ItemDescription'),
    AccountCode: text(fields, 'AccountCode'),
    Quantity: fromMicros(line.quantityMicros),
    Price: fromMicros(line.priceMicros),
    UnitPrice: fromMicros(line.priceMicros),
    Currency: currency.code,
    Rate: currency.foreign ? fromMicros(currency.rateMicros) : 0,
    LineTotal: fromCents(line.totalCents),
    RowTotalFC: fromCents(line.fcCents),
    WarehouseCode: text(fields, 'WarehouseCode'),
  };
  for (const property of COSTING_CODES) entity[property] = text(fields, property);
  return {
    ...entity,
    VatGroup: text(fields, 'VatGroup'),
    TaxPercentagePerRow: fromMicros(line.vatPercentMicros),
    TaxTotal: fromCents(line.taxCents),
    NetTaxAmountFC: fromCents(line.taxFcCents),
    GrossTotal: fromCents(line.totalCents + line.taxCents),
    GrossTotalFC: currency.foreign ? fromCents(line.fcCents + line.taxFcCents) : 0,
  };
}
