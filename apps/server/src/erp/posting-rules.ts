import { centsToNumber, formatCents, MoneyError, multiplyToCents, toCents } from './money.js';

/**
 * What every record -> Service Layer document mapping is built from (docs/design/architecture.md section 6, "Mapping");
 * each kind's own mapping is in its folder (modules/records/kinds/<kind>/, its `sapDocument`). Pure functions:
 * no I/O, no clock. Every amount is a decimal string, summed in integer cents; journals are checked to balance
 * before they leave. The idempotency key rides in Reference3 on journals and Reference2 on invoices, where
 * `findByReference` looks for it. Dates: posting date -> ReferenceDate/DocDate, document date -> TaxDate.
 */
export class PostingRuleError extends Error {
  override readonly name = 'PostingRuleError';
}

/** `yyyy-MM-dd` */
export type IsoDay = string;

/** What every document carries. */
export type DocumentCommon = {
  /** The idempotency key, e.g. `FF-CA-1042`. */
  key: string;
  postingDate: IsoDay;
  documentDate: IsoDay;
  /** Free text for the journal remark / comments; cut to SAP's field size. */
  memo?: string | undefined;
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
  DocumentLines: { ItemDescription: string; AccountCode: string; LineTotal: number; VatGroup?: string }[];
};

/** `debitTotal`: the sum of the journal's debits, or the invoice's line total, as a decimal string. */
export type SapDocumentRequest =
  | {
      entity: 'JournalEntries';
      referenceField: 'Reference3';
      key: string;
      payload: JournalEntryPayload;
      debitTotal: string;
    }
  | {
      entity: 'Invoices';
      referenceField: 'Reference2';
      key: string;
      payload: InvoicePayload;
      debitTotal: string;
    };

/** SAP's column sizes for what we write (the smaller of the 9.3 and 10.0 values). */
export const SIZE = {
  reference3: 27,
  invoiceReference2: 11,
  reference: 100,
  memo: 50,
  lineMemo: 50,
  comments: 254,
  code: 15,
  numAtCard: 100,
  itemDescription: 100,
};

export const cut = (text: string | undefined, max: number) => {
  const value = text?.trim();
  return value ? value.slice(0, max) : undefined;
};

/** References must fit whole: a cut key would never be found again. */
export function fitted(value: string, max: number, what: string): string {
  const text = value.trim();
  if (!text) throw new PostingRuleError(`${what} is missing.`);
  if (text.length > max)
    throw new PostingRuleError(`${what} '${text}' is longer than the ${max} characters SAP keeps.`);
  return text;
}

/** An account or business-partner code. */
export const code = (value: string, what: string) => fitted(value, SIZE.code, what);

export function day(value: string, what: string): IsoDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (!match || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw new PostingRuleError(`${what} '${value}' is not a date in the form yyyy-MM-dd.`);
  }
  return value;
}

export function positive(cents: bigint, what: string): bigint {
  if (cents <= 0n)
    throw new PostingRuleError(`${what} must be greater than zero (got ${formatCents(cents)}).`);
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

/** A positive amount in cents. */
export const amount = (value: string, what: string) =>
  positive(
    money(() => toCents(value, what)),
    what,
  );
/** quantity x price in cents. */
export const product = (quantity: string, price: string) => money(() => multiplyToCents(quantity, price));

/** quantity x unit price as SAP will post it ('12.5' x '180.25' -> '2253.13'). */
export const lineTotal = (quantity: string, unitPrice: string): string =>
  formatCents(product(quantity, unitPrice));

export type Side = { account: string } | { partner: string };
export type Leg = { side: Side; debit?: bigint; credit?: bigint; memo?: string | undefined };

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

/** A balanced journal entry of `legs`, its key in Reference3. */
export function journal(
  input: DocumentCommon,
  legs: Leg[],
  extra: { reference2?: string | undefined } = {},
): SapDocumentRequest {
  const debit = legs.reduce((sum, l) => sum + (l.debit ?? 0n), 0n);
  const credit = legs.reduce((sum, l) => sum + (l.credit ?? 0n), 0n);
  // Unreachable by construction; kept because an unbalanced journal must never leave this module.
  if (debit !== credit)
    throw new PostingRuleError(
      `The journal does not balance: debit ${formatCents(debit)}, credit ${formatCents(credit)}.`,
    );
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
  return {
    entity: 'JournalEntries',
    referenceField: 'Reference3',
    key,
    payload,
    debitTotal: formatCents(debit),
  };
}
