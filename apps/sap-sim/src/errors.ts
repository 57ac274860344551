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

const entry = (status: number, code: number, text: string): CatalogueEntry => ({ status, code, text });
/** Code -1000: the request itself is wrong (its body, a property, the query, the path); 400 unless said. */
const requestError = (text: string, status = 400) => entry(status, -1000, text);
/** Code -10: the document breaks one of SAP's business rules; always 400. */
const ruleError = (text: string) => entry(400, -10, text);

export const ERROR_CATALOGUE = {
  loginFailed: entry(401, 100000027, 'Login failed'),
  invalidSession: entry(401, 301, 'Invalid session or session already timeout.'),
  malformedBody: requestError('The request body must be a JSON object'),
  unknownProperty: requestError("Property '{property}' of '{type}' is invalid"),
  notWritable: requestError("Property '{property}' of '{type}' is not writable"),
  wrongType: requestError("Property '{property}' of '{type}' has an invalid value; expected {expected}"),
  invalidDate: requestError(
    "Property '{property}' of '{type}' has an invalid date '{value}'; use yyyy-MM-dd or yyyy-MM-ddTHH:mm:ssZ",
  ),
  valueTooLong: requestError("Value too long in property '{property}' of '{type}'; at most {max} characters"),
  missingProperty: ruleError("Property '{property}' of '{type}' is required"),
  tooFewJournalLines: ruleError('A journal entry needs at least two lines'),
  tooFewDocumentLines: ruleError('A document needs at least one line'),
  debitOrCredit: ruleError('Line {line}: enter either a debit or a credit amount'),
  negativeAmount: ruleError('Line {line}: amounts cannot be negative'),
  accountOrShortName: ruleError('Line {line}: specify either AccountCode or ShortName'),
  unbalanced: ruleError(
    'Unbalanced transaction: total debit {debit} and total credit {credit} must be equal',
  ),
  inactiveAccount: ruleError("Account '{account}' is inactive; select an active account"),
  frozenAccount: ruleError("Account '{account}' is frozen; select another account"),
  frozenPartner: ruleError("Business partner '{cardCode}' is frozen"),
  wrongPartnerType: ruleError("Business partner '{cardCode}' is not a {expected}"),
  itemLineWithoutItem: ruleError(
    "Line {line}: item code is missing; service documents need DocType 'dDocument_Service'",
  ),
  missingLineAccount: ruleError('Line {line}: G/L account is missing'),
  missingPrice: ruleError('Line {line}: enter a price or a line total'),
  badQuantity: ruleError('Line {line}: quantity must be greater than zero'),
  docTotalMismatch: ruleError('Document total {docTotal} does not match the sum of the lines {linesTotal}'),
  noPostingPeriod: ruleError('No posting period is defined for {date}'),
  alreadyCancelled: ruleError('{entity} {key} is already cancelled'),
  reversalNotCancellable: ruleError('Journal entry {key} is a reversal and cannot be cancelled'),
  cancellationNotCancellable: ruleError('{entity} {key} is a cancellation document and cannot be cancelled'),
  badDocRate: ruleError('Exchange rate must be greater than zero'),
  lineCurrencyMismatch: ruleError(
    "Line {line}: currency '{currency}' differs from the document currency '{docCurrency}'",
  ),
  localTotalMismatch: ruleError(
    'Line {line}: LineTotal {lineTotal} is in local currency and does not match RowTotalFC {fcTotal} at rate {rate} ({expected})',
  ),
  docTotalFcMismatch: ruleError(
    'Document total in foreign currency {docTotal} does not match the sum of the lines {linesTotal}',
  ),
  fcCurrencyIsLocal: ruleError("Line {line}: FCCurrency '{currency}' is the local currency; leave it empty"),
  fcAmountWithoutCurrency: ruleError('Line {line}: FCDebit or FCCredit needs FCCurrency'),
  fcCurrencyWithoutAmount: ruleError('Line {line}: FCCurrency needs an FCDebit or FCCredit amount'),
  fcSide: ruleError('Line {line}: enter the foreign-currency amount on the same side as the local amount'),
  fcLocalMismatch: ruleError(
    'Line {line}: {side} {local} does not match FC{side} {fc} {currency} at rate {rate} ({expected})',
  ),
  unknownVatGroup: ruleError("Line {line}: Specify valid tax code; VAT group '{vatGroup}' does not exist"),
  inactiveVatGroup: ruleError("Line {line}: Invalid VAT Group; '{vatGroup}' is inactive"),
  wrongVatCategory: ruleError("Line {line}: Invalid VAT Group; '{vatGroup}' is not an {expected} tax group"),
  vatGroupWithoutRate: ruleError("Line {line}: Invalid VAT Group; '{vatGroup}' has no rate on {date}"),
  unknownDistributionRule: ruleError("Line {line}: distribution rule '{code}' in {property} does not exist"),
  inactiveDistributionRule: ruleError("Line {line}: distribution rule '{code}' in {property} is inactive"),
  wrongDimension: ruleError(
    "Line {line}: distribution rule '{code}' is in dimension {actual}; {property} takes dimension {dimension}",
  ),
  branchRequired: ruleError('Branch is missing: {property} is required when the company uses branches'),
  branchesDisabled: ruleError('Branches are not enabled in this company; remove {property}'),
  unknownBranch: ruleError('Branch {branch} is not defined'),
  disabledBranch: ruleError('Branch {branch} is inactive; select an active branch'),
  noMatchingRecords: entry(400, -2028, 'No matching records found (ODBC -2028)'),
  keyNotFound: entry(404, -2028, 'No matching records found (ODBC -2028)'),
  periodLocked: entry(400, -4013, 'Posting period locked; specify an alternative date'),
  // -4006 and its text as a public Service Layer client handles them (SAP documents neither).
  missingRate: entry(400, -4006, 'Update the exchange rate'),
  invalidRateDate: requestError(
    "Parameter 'Date' of 'SBOBobService_GetCurrencyRate' has an invalid date '{value}'; use yyyyMMdd or yyyy-MM-dd",
  ),
  invalidQuery: requestError('Invalid query option {option}: {detail}'),
  invalidKey: requestError("Invalid key '{key}' for '{entitySet}'"),
  unknownResource: requestError("Resource not found for the segment '{segment}'", 404),
  methodNotAllowed: requestError("Method {method} is not allowed on '{resource}'", 405),
  injected: entry(500, -5002, 'Internal error injected by the simulator (errorRate); nothing was saved'),
  internal: entry(500, -5002, 'Internal error in the simulator: {detail}'),
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
