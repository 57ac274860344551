/**
 * The zod-free part of the contract (`@ff/contract/plain`): constants, messages and the few field rules a
 * browser form checks before sending. It imports nothing, so a screen that needs only these values does not
 * download zod and every schema. The zod schemas (`@ff/contract`) use the same values and messages, and
 * `plain.test.ts` checks the rules here answer exactly what those schemas answer.
 */

// Common ---------------------------------------------------------------------------------------------------

/** Server date-times travel as `yyyy-MM-dd HH:mm:ss` in the application's time zone (spec section 3). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Ids are PostgreSQL integers (serial): a number past 2^31 - 1 names no row, and the database refuses to
 * compare it with an integer column, so it is refused with a sentence instead.
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** The plain email rule of spec section 5: non-whitespace, an at sign, non-whitespace. */
export const SIMPLE_EMAIL = /^\S+@\S+$/;
export const EMAIL_MAX_LENGTH = 254;

// Auth -----------------------------------------------------------------------------------------------------

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttled: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  disabled: 'This account has been disabled. Please contact your administrator.',
  roleDisabled: 'The role of this account has been disabled. Please contact your administrator.',
  resetLinkSent: 'We have emailed your password reset link.',
  passwordReset: 'Your password has been reset.',
  resetTokenInvalid: 'This password reset token is invalid.',
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  tooManyAttempts: 'Too Many Attempts.',
} as const;

/** Field messages of the sign-in bodies (login, forgot password, reset password). */
export const AUTH_FIELD_MESSAGES = {
  emailInvalid: 'Invalid email',
  emailTooLong: `The email may be at most ${EMAIL_MAX_LENGTH} characters long.`,
  passwordRequired: 'The password field is required.',
  passwordTooShort: `Password should be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `The password may be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordsDiffer: 'Passwords do not match',
} as const;

/** The email rule of every body (trimmed, at most 254 characters, SIMPLE_EMAIL): its message, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return AUTH_FIELD_MESSAGES.emailTooLong;
  return SIMPLE_EMAIL.test(email) ? null : AUTH_FIELD_MESSAGES.emailInvalid;
}

/** `POST /login`'s field rules, as the form shows them: one message per failing field. */
export function loginBodyProblems(body: { email: string; password: string }): { email?: string; password?: string } {
  const problems: { email?: string; password?: string } = {};
  const email = emailProblem(body.email);
  if (email) problems.email = email;
  if (body.password.length < 1) problems.password = AUTH_FIELD_MESSAGES.passwordRequired;
  else if (body.password.length > PASSWORD_MAX_LENGTH) problems.password = AUTH_FIELD_MESSAGES.passwordTooLong;
  return problems;
}

/** `POST /forgot-password`'s field rule, as the form shows it. */
export function forgotPasswordBodyProblems(body: { email: string }): { email?: string } {
  const email = emailProblem(body.email);
  return email ? { email } : {};
}

// Permissions ----------------------------------------------------------------------------------------------

/**
 * The permission catalogue (architecture.md section 7). Names are what roles store and what the
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
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(PERMISSIONS);
export const ADMINISTRATOR_ROLE = 'Administrator';

// Roles ----------------------------------------------------------------------------------------------------

export const ROLE_NAME_MIN_LENGTH = 3;

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

/** Shown as 'description - accountNumber' (spec section 3). */
export const formatLedgerAccount = (a: { description: string; accountNumber: string }) =>
  `${a.description} - ${a.accountNumber}`;

// Posting --------------------------------------------------------------------------------------------------

/** Spec section 8: success and fallback failure toasts per screen. */
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
  cash: { success: 'Cash advance records posted successfully', failure: 'Failed to post selected cash advance records' },
  fuel: { success: 'Fuel advance records posted successfully', failure: 'Failed to post selected fuel advance records' },
  vas: { success: 'Vas Transactions have been queued for posting', failure: 'Failed to queue selected VAS transactions' },
  loss: 'You do not have the necessary access to post a loss.',
} as const;
