/**
 * Every error the simulator answers on the Service Layer paths, in one catalogue, so the README's error table
 * and the tests can be checked against it (see readme.test.ts). Codes other than 301, 100000027, -2028, -4013
 * and -5002 are the simulator's choice: SAP's texts differ between builds, so a client must key on the status
 * and those few codes, never on the wording.
 */
export type ErrorShape = 'v1' | 'v2' | 'plain';

interface CatalogueEntry {
  readonly status: number;
  readonly code: number;
  /** `{name}` placeholders are filled from the params given to sapError. */
  readonly text: string;
}

export const ERROR_CATALOGUE = {
  loginFailed: { status: 401, code: 100000027, text: 'Login failed' },
  invalidSession: { status: 401, code: 301, text: 'Invalid session or session already timeout.' },
  malformedBody: { status: 400, code: -1000, text: 'The request body must be a JSON object' },
  unknownProperty: { status: 400, code: -1000, text: "Property '{property}' of '{type}' is invalid" },
  notWritable: { status: 400, code: -1000, text: "Property '{property}' of '{type}' is not writable" },
  wrongType: {
    status: 400,
    code: -1000,
    text: "Property '{property}' of '{type}' has an invalid value; expected {expected}",
  },
  invalidDate: {
    status: 400,
    code: -1000,
    text: "Property '{property}' of '{type}' has an invalid date '{value}'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ",
  },
  valueTooLong: {
    status: 400,
    code: -1000,
    text: "Value too long in property '{property}' of '{type}'; at most {max} characters",
  },
  missingProperty: { status: 400, code: -10, text: "Property '{property}' of '{type}' is required" },
  tooFewJournalLines: { status: 400, code: -10, text: 'A journal entry needs at least two lines' },
  tooFewDocumentLines: { status: 400, code: -10, text: 'A document needs at least one line' },
  debitOrCredit: { status: 400, code: -10, text: 'Line {line}: enter either a debit or a credit amount' },
  negativeAmount: { status: 400, code: -10, text: 'Line {line}: amounts cannot be negative' },
  accountOrShortName: {
    status: 400,
    code: -10,
    text: 'Line {line}: specify either AccountCode or ShortName',
  },
  unbalanced: {
    status: 400,
    code: -10,
    text: 'Unbalanced transaction: total debit {debit} and total credit {credit} must be equal',
  },
  inactiveAccount: {
    status: 400,
    code: -10,
    text: "Account '{account}' is inactive; select an active account",
  },
  frozenAccount: { status: 400, code: -10, text: "Account '{account}' is frozen; select another account" },
  frozenPartner: { status: 400, code: -10, text: "Business partner '{cardCode}' is frozen" },
  wrongPartnerType: { status: 400, code: -10, text: "Business partner '{cardCode}' is not a {expected}" },
  itemLineWithoutItem: {
    status: 400,
    code: -10,
    text: "Line {line}: item code is missing; service documents need DocType 'dDocument_Service'",
  },
  missingLineAccount: { status: 400, code: -10, text: 'Line {line}: G/L account is missing' },
  missingPrice: { status: 400, code: -10, text: 'Line {line}: enter a price or a line total' },
  badQuantity: { status: 400, code: -10, text: 'Line {line}: quantity must be greater than zero' },
  docTotalMismatch: {
    status: 400,
    code: -10,
    text: 'Document total {docTotal} does not match the sum of the lines {linesTotal}',
  },
  noPostingPeriod: { status: 400, code: -10, text: 'No posting period is defined for {date}' },
  alreadyCancelled: { status: 400, code: -10, text: '{entity} {key} is already cancelled' },
  reversalNotCancellable: {
    status: 400,
    code: -10,
    text: 'Journal entry {key} is a reversal and cannot be cancelled',
  },
  noMatchingRecords: { status: 400, code: -2028, text: 'No matching records found (ODBC -2028)' },
  keyNotFound: { status: 404, code: -2028, text: 'No matching records found (ODBC -2028)' },
  periodLocked: { status: 400, code: -4013, text: 'Posting period locked; specify an alternative date' },
  invalidQuery: { status: 400, code: -1000, text: 'Invalid query option {option}: {detail}' },
  invalidKey: { status: 400, code: -1000, text: "Invalid key '{key}' for '{entitySet}'" },
  unknownResource: { status: 404, code: -1000, text: "Resource not found for the segment '{segment}'" },
  methodNotAllowed: { status: 405, code: -1000, text: "Method {method} is not allowed on '{resource}'" },
  injected: {
    status: 500,
    code: -5002,
    text: 'Internal error injected by the simulator (errorRate); nothing was saved',
  },
  internal: { status: 500, code: -5002, text: 'Internal error in the simulator: {detail}' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof ERROR_CATALOGUE;

export class SapError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'SapError';
  }
}

export function sapError(key: ErrorKey, params: Record<string, string | number> = {}): SapError {
  const entry: CatalogueEntry = ERROR_CATALOGUE[key];
  const text = entry.text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return new SapError(entry.status, entry.code, text);
}

/** The three bodies seen in the wild: v1 (numeric code, lang/value), v2 (string code, plain text), plain. */
export function errorBody(error: SapError, shape: ErrorShape): unknown {
  switch (shape) {
    case 'v1':
      return { error: { code: error.code, message: { lang: 'en-us', value: error.message } } };
    case 'v2':
      return { error: { code: String(error.code), message: error.message } };
    case 'plain':
      return { error: { code: error.code, message: error.message } };
  }
}
