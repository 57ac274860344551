/**
 * The zod-free part of the contract (`@ff/contract/plain`): constants, messages and the few field rules a
 * browser form checks before sending. It imports nothing, so a screen that needs only these values does not
 * download zod and every schema. The zod schemas (`@ff/contract`) use the same values and messages, and
 * `plain.test.ts` checks the rules here answer exactly what those schemas answer. Sign-in and My Account's
 * values and rules are in auth-plain.ts; the record kinds' registry in kinds.ts.
 */

// Common ---------------------------------------------------------------------------------------------------

/** Server date-times travel as `yyyy-MM-dd HH:mm:ss` in the application's time zone (docs/spec/product-spec.md section 3). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Ids are PostgreSQL integers (serial): a number past 2^31 - 1 names no row, and the database refuses to
 * compare it with an integer column, so it is refused with a sentence instead.
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** Paged lists (list-pages.ts): rows per page by default and at most, the longest search, a sort's form. */
export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 500;
export const MAX_SEARCH_LENGTH = 100;
/** `field` or `field:asc` / `field:desc`. */
export const SORT_PATTERN = /^[A-Za-z][A-Za-z0-9]*(:(asc|desc))?$/;
/** A sort parameter's parts: `parseSort('amount:desc')` is `{ field: 'amount', desc: true }`. */
export function parseSort(sort: string): { field: string; desc: boolean } {
  const [field = '', direction] = sort.split(':');
  return { field, desc: direction === 'desc' };
}

/** The plain email rule of docs/spec/product-spec.md section 5: non-whitespace, an at sign, non-whitespace. */
export const SIMPLE_EMAIL = /^\S+@\S+$/;
export const EMAIL_MAX_LENGTH = 254;

/** True when year-month-day names a day of the Gregorian calendar (2026-02-29 and 2026-09-31 do not). */
export function isRealCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0-99 to 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Quantities and amounts of a request, as the record columns hold them: numeric(14,3) and numeric(14,2).
 * `integerDigits` is precision minus scale.
 */
export type DecimalRule = { scale: number; integerDigits: number };
export const QUANTITY_RULE: DecimalRule = { scale: 3, integerDigits: 11 };
export const MONEY_RULE: DecimalRule = { scale: 2, integerDigits: 12 };

export type DecimalProblem = 'format' | 'negative' | 'scale' | 'range';

/**
 * The exact decimal text of a non-negative quantity or amount sent as a decimal string or a JSON number, or
 * what is wrong with it. A JSON number is taken at its shortest round-trip text (JavaScript's String), which
 * is the decimal the client wrote whenever that has at most 15 significant digits, as every value of a
 * numeric(14,s) column has: so 2.5 and 0.1 are exact, while 0.30000000000000004, 1e-7 and 1e21 are refused
 * rather than rounded (they answered 500 when they reached the money arithmetic).
 */
export function exactDecimal(
  input: unknown,
  rule: DecimalRule,
): { value: string } | { problem: DecimalProblem } {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { problem: 'format' };
    if (input < 0) return { problem: 'negative' };
    if (input >= 10 ** rule.integerDigits) return { problem: 'range' };
    text = String(input); // -0 -> '0'
    // Exponent forms that remain are below 1e-6: more decimals than any column keeps.
    if (/e/i.test(text)) return { problem: 'scale' };
  } else if (typeof input === 'string') {
    text = input.trim();
    if (/^-\d+(\.\d+)?$/.test(text)) return { problem: 'negative' };
  } else {
    return { problem: 'format' };
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem: 'format' };
  if ((match[2] ?? '').length > rule.scale) return { problem: 'scale' };
  if (match[1]!.replace(/^0+(?=\d)/, '').length > rule.integerDigits) return { problem: 'range' };
  return { value: text };
}

/** A sentence for a DecimalProblem, e.g. "The collected quantity may have at most 3 decimals." */
export function decimalProblemMessage(label: string, problem: DecimalProblem, rule: DecimalRule): string {
  switch (problem) {
    case 'negative':
      return `The ${label} cannot be negative.`;
    case 'scale':
      return `The ${label} may have at most ${rule.scale} decimals.`;
    case 'range':
      return `The ${label} must be less than ${(10 ** rule.integerDigits).toLocaleString('en-US')}.`;
    default:
      return `The ${label} must be a number.`;
  }
}

/**
 * A posting date as the date picker sends it: 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm[:ss[.SSS]]' (local to the
 * application's time zone) or either with an offset ('Z', '+03:00', '+0300'). Groups: day, time, offset.
 */
export const POSTING_DATE_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Records are dated 2000 to 2100 (the import refuses others), and a posting date is never before its record's. */
export const POSTING_YEARS = { min: 2000, max: 2100 } as const;

/**
 * Why a posting date of the accepted shape is not a real moment, or null. The calendar date, the time and
 * the offset are each checked whatever else is given: 2026-09-31T10:00Z is refused, not read as October 1st.
 */
export function postingDateProblem(value: string): string | null {
  const match = POSTING_DATE_PATTERN.exec(value.trim());
  if (!match) return null; // The shape is the pattern's concern, with its own message.
  const [, day, time, offset] = match as unknown as [string, string, string | undefined, string | undefined];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (y < POSTING_YEARS.min || y > POSTING_YEARS.max) {
    return `The posting date must be between the years ${POSTING_YEARS.min} and ${POSTING_YEARS.max}.`;
  }
  if (!isRealCalendarDay(y, m, d)) return `The posting date ${day} is not a real calendar date.`;
  if (time) {
    const [hours, minutes, seconds = 0] = time.split(':').map(Number) as [number, number, number?];
    if (hours > 23 || minutes > 59 || seconds >= 60)
      return `The posting date ${value.trim()} is not a real time of day.`;
  }
  if (offset && offset !== 'Z') {
    const [, hours, minutes] = /^[+-](\d{2}):?(\d{2})$/.exec(offset)!.map(Number) as [number, number, number];
    if (hours > 23 || minutes > 59) return `The posting date ${value.trim()} is not a real time of day.`;
  }
  return null;
}

// Permissions ----------------------------------------------------------------------------------------------

/**
 * The permission catalogue (docs/design/architecture.md section 7). Names are what roles store and what the
 * current user carries; only `Post Loss` is checked by the screens themselves.
 */
export const PERMISSIONS = {
  viewSalesInvoices: 'View Sales Invoices',
  postSalesInvoices: 'Post Sales Invoices',
  viewTransporterInvoices: 'View Transporter Invoices',
  postTransporterInvoices: 'Post Transporter Invoices',
  viewCashAdvances: 'View Cash Advances',
  postCashAdvances: 'Post Cash Advances',
  viewFuelAdvances: 'View Fuel Advances',
  postFuelAdvances: 'Post Fuel Advances',
  viewVasTransactions: 'View VAS Transactions',
  postVasTransactions: 'Post VAS Transactions',
  postLoss: 'Post Loss',
  manageUsers: 'Manage Users',
  manageRoles: 'Manage Roles',
  viewAuditLogs: 'View Audit Logs',
  manageSettings: 'Manage Settings',
  /** Beyond the spec (issue 11): cancel a posted record's SAP document, and compare our postings with SAP's. */
  reversePostings: 'Reverse Postings',
  runReconciliation: 'Run Reconciliation',
  /** Issue 23: create, list and revoke the import API's tokens (Settings > API tokens). */
  manageApiTokens: 'Manage API Tokens',
} as const;

/** `PermissionName` and `ALL_PERMISSIONS` (these and every record kind's permissions) are in kinds.ts. */
export const ADMINISTRATOR_ROLE = 'Administrator';

// Roles ----------------------------------------------------------------------------------------------------

export const ROLE_NAME_MIN_LENGTH = 3;

/**
 * What a person's or a role's name may not hold: control characters (line breaks, tabs, CR/LF that forge lines
 * in logs and exports), the line and paragraph separators U+2028/U+2029, and format characters (Unicode Cf:
 * zero-width spaces and joiners, bidi overrides such as U+202E that make a name read backwards, soft hyphens,
 * the BOM). A name shows in headers, audit lines and exports; it must read as it is.
 */
export const NAME_FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The refusal of a name holding NAME_FORBIDDEN_CHARACTERS ('The role name may not contain ...'). */
export const nameCharactersMessage = (label: string) =>
  `${label} may not contain line breaks, control characters, or invisible or text-direction characters.`;

/** The refusal of such a name, or null when it reads as it is. */
export const nameCharactersProblem = (value: string, label: string): string | null =>
  NAME_FORBIDDEN_CHARACTERS.test(value) ? nameCharactersMessage(label) : null;

// Settings -------------------------------------------------------------------------------------------------

export const SETTINGS_MESSAGES = {
  saved: 'Successfully updated SAP connection settings',
  testFailed: 'SAP connection test failed.',
  testSucceeded: 'Successfully connected to SAP Business One.',
  companyDbRequired: 'Company DB is required',
  usernameRequired: 'Username is required',
  /** Only while no password is stored: a blank password keeps the stored one. */
  passwordRequired: 'Password is required',
} as const;

// Accounts -------------------------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['petty cash', 'Vas Transaction Revenue', 'Vas Transaction Cost'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNTS_MESSAGES = {
  unknownType: `The account type must be one of: ${ACCOUNT_TYPES.join(', ')}.`,
} as const;

/** Shown as 'description - accountNumber' (docs/spec/product-spec.md section 3). */
export const formatLedgerAccount = (a: { description: string; accountNumber: string }) =>
  `${a.description} - ${a.accountNumber}`;

// Posting --------------------------------------------------------------------------------------------------

/** docs/spec/product-spec.md section 8: success and fallback failure toasts per screen. */
export const POSTING_MESSAGES = {
  sales: { success: 'Sales invoices posted successfully', failure: 'Failed to post selected sales invoices' },
  firstJournal: {
    success: 'First journal transporter invoices posted successfully',
    failure: 'Failed to post selected first journal transporter invoices',
  },
  secondJournal: {
    success: 'Second journal transporter invoices posted successfully',
    failure: 'Failed to post selected second journal transporter invoices',
  },
  cash: {
    success: 'Cash advance records posted successfully',
    failure: 'Failed to post selected cash advance records',
  },
  fuel: {
    success: 'Fuel advance records posted successfully',
    failure: 'Failed to post selected fuel advance records',
  },
  vas: {
    success: 'Vas Transactions have been queued for posting',
    failure: 'Failed to queue selected VAS transactions',
  },
  loss: 'You do not have the necessary access to post a loss.',
} as const;
