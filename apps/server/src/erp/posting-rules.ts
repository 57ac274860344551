import type { SapPostingAccounts } from '../config/sap-accounts.js';
import { centsToNumber, formatCents, MoneyError, multiplyToCents, toCents } from './money.js';

/**
 * Record -> Service Layer document, per architecture.md section 6 ("Mapping"). Pure functions: no I/O, no
 * clock. Every amount is a decimal string, summed in integer cents; journals are checked to balance before
 * they leave. The idempotency key rides in Reference3 on journals and Reference2 on invoices, where
 * `findByReference` looks for it. Dates: posting date -> ReferenceDate/DocDate, document date -> TaxDate.
 */
export class PostingRuleError extends Error {
  override readonly name = 'PostingRuleError';
}

/** `yyyy-MM-dd` */
export type IsoDay = string;

type Common = {
  /** The idempotency key, e.g. `FF-CA-1042`. */
  key: string;
  postingDate: IsoDay;
  documentDate: IsoDay;
  /** Free text for the journal remark / comments; cut to SAP's field size. */
  memo?: string | undefined;
};

export type SalesInvoiceInput = Common & {
  customerCode: string;
  amount: string;
  /** The customer's reference (cargo or client reference), shown on the invoice as NumAtCard. */
  customerReference?: string | undefined;
  lineDescription?: string | undefined;
};
export type FirstJournalInput = Common & { amount: string; supplierInvoiceNumber: string };
export type SecondJournalInput = Common & { amount: string; transporterCode: string; supplierInvoiceNumber?: string | undefined };
export type CashAdvanceInput = Common & { amount: string; transporterCode: string; pettyCashAccount: string };
export type FuelAdvanceInput = Common & {
  transporterCode: string;
  ledgerAccount: string;
  collectedQuantity: string;
  unitPrice: string;
  pickupOrderNumber: string;
};
export type VasInput = Common & {
  transporterCode: string;
  supplierCode: string;
  revenueAccount: string;
  costAccount: string;
  collectedQuantity: string;
  sellingUnitPrice: string;
  buyingUnitPrice: string;
  pickupOrderNumber: string;
};

export type JournalEntryLine = {
  AccountCode?: string;
  ShortName?: string;
  Debit?: number;
  Credit?: number;
  LineMemo?: string;
};
export type JournalEntryPayload = {
  ReferenceDate: IsoDay;
  DueDate: IsoDay;
  TaxDate: IsoDay;
  Memo?: string;
  Reference2?: string;
  Reference3: string;
  JournalEntryLines: JournalEntryLine[];
};
export type InvoicePayload = {
  DocType: 'dDocument_Service';
  CardCode: string;
  DocDate: IsoDay;
  DocDueDate: IsoDay;
  TaxDate: IsoDay;
  NumAtCard?: string;
  Reference2: string;
  Comments?: string;
  JournalMemo?: string;
  DocumentLines: { ItemDescription: string; AccountCode: string; LineTotal: number }[];
};

/** `debitTotal`: the sum of the journal's debits, or the invoice's line total, as a decimal string. */
export type SapDocumentRequest =
  | { entity: 'JournalEntries'; referenceField: 'Reference3'; key: string; payload: JournalEntryPayload; debitTotal: string }
  | { entity: 'Invoices'; referenceField: 'Reference2'; key: string; payload: InvoicePayload; debitTotal: string };

/** SAP's column sizes for what we write (the smaller of the 9.3 and 10.0 values). */
const SIZE = { reference3: 27, invoiceReference2: 11, reference: 100, memo: 50, lineMemo: 50, comments: 254, code: 15, numAtCard: 100, itemDescription: 100 };

const cut = (text: string | undefined, max: number) => {
  const value = text?.trim();
  return value ? value.slice(0, max) : undefined;
};

/** References must fit whole: a cut key would never be found again. */
function fitted(value: string, max: number, what: string): string {
  const text = value.trim();
  if (!text) throw new PostingRuleError(`${what} is missing.`);
  if (text.length > max) throw new PostingRuleError(`${what} '${text}' is longer than the ${max} characters SAP keeps.`);
  return text;
}

const code = (value: string, what: string) => fitted(value, SIZE.code, what);

function day(value: string, what: string): IsoDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!match || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new PostingRuleError(`${what} '${value}' is not a date in the form yyyy-MM-dd.`);
  }
  return value;
}

function positive(cents: bigint, what: string): bigint {
  if (cents <= 0n) throw new PostingRuleError(`${what} must be greater than zero (got ${formatCents(cents)}).`);
  return cents;
}

/** Money input errors become rule errors, so a caller catches one type. */
function money<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof MoneyError) throw new PostingRuleError(error.message);
    throw error;
  }
}

const amount = (value: string, what: string) => positive(money(() => toCents(value, what)), what);
const product = (quantity: string, price: string) => money(() => multiplyToCents(quantity, price));

/** quantity x unit price as SAP will post it ('12.5' x '180.25' -> '2253.13'). */
export const lineTotal = (quantity: string, unitPrice: string): string => formatCents(product(quantity, unitPrice));

type Side = { account: string } | { partner: string };
type Leg = { side: Side; debit?: bigint; credit?: bigint; memo?: string | undefined };

function line(leg: Leg): JournalEntryLine {
  const target = 'account' in leg.side ? { AccountCode: leg.side.account } : { ShortName: leg.side.partner };
  const memo = cut(leg.memo, SIZE.lineMemo);
  return {
    ...target,
    ...(leg.debit !== undefined ? { Debit: centsToNumber(leg.debit) } : {}),
    ...(leg.credit !== undefined ? { Credit: centsToNumber(leg.credit) } : {}),
    ...(memo ? { LineMemo: memo } : {}),
  };
}

function journal(input: Common, legs: Leg[], extra: { reference2?: string | undefined } = {}): SapDocumentRequest {
  const debit = legs.reduce((sum, l) => sum + (l.debit ?? 0n), 0n);
  const credit = legs.reduce((sum, l) => sum + (l.credit ?? 0n), 0n);
  // Unreachable by construction; kept because an unbalanced journal must never leave this module.
  if (debit !== credit) throw new PostingRuleError(`The journal does not balance: debit ${formatCents(debit)}, credit ${formatCents(credit)}.`);
  const key = fitted(input.key, SIZE.reference3, 'The posting key');
  const postingDate = day(input.postingDate, 'The posting date');
  const memo = cut(input.memo, SIZE.memo);
  const payload: JournalEntryPayload = {
    ReferenceDate: postingDate,
    DueDate: postingDate,
    TaxDate: day(input.documentDate, 'The document date'),
    ...(memo ? { Memo: memo } : {}),
    ...(extra.reference2 !== undefined ? { Reference2: extra.reference2 } : {}),
    Reference3: key,
    JournalEntryLines: legs.map(line),
  };
  return { entity: 'JournalEntries', referenceField: 'Reference3', key, payload, debitTotal: formatCents(debit) };
}

/** The rules, bound to the configured posting accounts. */
export function createPostingRules(accounts: SapPostingAccounts) {
  return {
    /** A/R service invoice: customer, one freight revenue line; key in Reference2. */
    salesInvoice(input: SalesInvoiceInput): SapDocumentRequest {
      const cents = amount(input.amount, 'The amount');
      const key = fitted(input.key, SIZE.invoiceReference2, 'The posting key');
      const postingDate = day(input.postingDate, 'The posting date');
      const reference = cut(input.customerReference, SIZE.numAtCard);
      const comments = cut(input.memo, SIZE.comments);
      const journalMemo = cut(input.memo, SIZE.memo);
      const payload: InvoicePayload = {
        DocType: 'dDocument_Service',
        CardCode: code(input.customerCode, 'The customer code'),
        DocDate: postingDate,
        DocDueDate: postingDate,
        TaxDate: day(input.documentDate, 'The document date'),
        ...(reference ? { NumAtCard: reference } : {}),
        Reference2: key,
        ...(comments ? { Comments: comments } : {}),
        ...(journalMemo ? { JournalMemo: journalMemo } : {}),
        DocumentLines: [
          {
            ItemDescription: cut(input.lineDescription, SIZE.itemDescription) ?? 'Freight',
            AccountCode: code(accounts.freightRevenue, 'The freight revenue account'),
            LineTotal: centsToNumber(cents),
          },
        ],
      };
      return { entity: 'Invoices', referenceField: 'Reference2', key, payload, debitTotal: formatCents(cents) };
    },

    /** Debit transport cost, credit accrued transporter costs; the supplier's invoice number in Reference2. */
    firstJournal(input: FirstJournalInput): SapDocumentRequest {
      const cents = amount(input.amount, 'The invoice amount');
      return journal(
        input,
        [
          { side: { account: code(accounts.transportCost, 'The transport cost account') }, debit: cents, memo: input.memo },
          { side: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') }, credit: cents, memo: input.memo },
        ],
        { reference2: fitted(input.supplierInvoiceNumber, SIZE.reference, 'The supplier invoice number') },
      );
    },

    /** Debit accrued transporter costs, credit the transporter (business partner). */
    secondJournal(input: SecondJournalInput): SapDocumentRequest {
      const cents = amount(input.amount, 'The invoice amount');
      const supplierInvoice = input.supplierInvoiceNumber?.trim();
      return journal(
        input,
        [
          { side: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') }, debit: cents, memo: input.memo },
          { side: { partner: code(input.transporterCode, 'The transporter code') }, credit: cents, memo: input.memo },
        ],
        supplierInvoice ? { reference2: fitted(supplierInvoice, SIZE.reference, 'The supplier invoice number') } : {},
      );
    },

    /** Debit the transporter, credit the chosen petty-cash ledger. */
    cashAdvance(input: CashAdvanceInput): SapDocumentRequest {
      const cents = amount(input.amount, 'The amount');
      return journal(input, [
        { side: { partner: code(input.transporterCode, 'The transporter code') }, debit: cents, memo: input.memo },
        { side: { account: code(input.pettyCashAccount, 'The petty cash account') }, credit: cents, memo: input.memo },
      ]);
    },

    /** Debit the transporter, credit the chosen ledger: collected quantity x unit price; pickup order in Reference2. */
    fuelAdvance(input: FuelAdvanceInput): SapDocumentRequest {
      const cents = positive(product(input.collectedQuantity, input.unitPrice), 'The total (collected quantity x unit price)');
      return journal(
        input,
        [
          { side: { partner: code(input.transporterCode, 'The transporter code') }, debit: cents, memo: input.memo },
          { side: { account: code(input.ledgerAccount, 'The ledger account') }, credit: cents, memo: input.memo },
        ],
        { reference2: fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number') },
      );
    },

    /**
     * One journal, two balanced pairs: debit the transporter / credit revenue (selling total), and debit the
     * cost account / credit the supplier (buying total). A pair whose total is zero is left out (SAP refuses
     * zero lines); both zero is refused.
     */
    vasTransaction(input: VasInput): SapDocumentRequest {
      const selling = product(input.collectedQuantity, input.sellingUnitPrice);
      const buying = product(input.collectedQuantity, input.buyingUnitPrice);
      if (selling < 0n || buying < 0n) throw new PostingRuleError('Quantities and unit prices must not be negative.');
      if (selling === 0n && buying === 0n) throw new PostingRuleError('There is nothing to post: the selling and buying totals are both zero.');
      const legs: Leg[] = [];
      if (selling > 0n) {
        legs.push({ side: { partner: code(input.transporterCode, 'The transporter code') }, debit: selling, memo: input.memo });
        legs.push({ side: { account: code(input.revenueAccount, 'The revenue account') }, credit: selling, memo: input.memo });
      }
      if (buying > 0n) {
        legs.push({ side: { account: code(input.costAccount, 'The cost account') }, debit: buying, memo: input.memo });
        legs.push({ side: { partner: code(input.supplierCode, 'The supplier code') }, credit: buying, memo: input.memo });
      }
      return journal(input, legs, { reference2: fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number') });
    },
  };
}

export type PostingRules = ReturnType<typeof createPostingRules>;
