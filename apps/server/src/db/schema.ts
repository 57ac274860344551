import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, ownerId } from './columns.js';

/** When and by whom a user or role was made (null: seeded); their lists filter and sort on created_at. */
const creation = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  createdById: integer('created_by_id'),
});

/** Unique whatever the letter case: names and e-mail addresses are compared with lower(). */
const uniqueLower = (name: string, column: AnyPgColumn) => uniqueIndex(name).on(sql`lower(${column})`);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The seeded Administrator role: it always holds every permission and cannot be disabled. */
    isSystem: boolean('is_system').notNull().default(false),
    ...creation(),
  },
  (t) => [uniqueLower('roles_name_lower_uq', t.name), index('roles_created_at_idx').on(t.createdAt)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: ownerId('role_id', () => roles.id),
    permissionId: ownerId('permission_id', () => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no').notNull().default(''),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** Null until the user sets a password from the e-mailed link. */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    ...creation(),
  },
  (t) => [uniqueLower('users_email_lower_uq', t.email), index('users_created_at_idx').on(t.createdAt)],
);

/** Server-side sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: instant('idle_expires_at').notNull(),
    absoluteExpiresAt: instant('absolute_expires_at').notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * The session passed a second factor (a two-factor code at sign-in, or the code that turned two-factor
     * on in it): a user with two-factor is signed in only by such a session (plugins/access.ts).
     */
    twoFactorPassed: boolean('two_factor_passed').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_idle_expiry_idx').on(t.idleExpiresAt)],
);

/**
 * Sign-in throttle (modules/auth/login-throttle.ts): per (scope, key), the times of the password evaluations
 * still inside the scope's window; admitted/locked_until/lockout_began describe the latest attempt.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    hits: instant('hits').array().notNull(),
    admitted: boolean('admitted').notNull(),
    lockedUntil: instant('locked_until'),
    lockoutBegan: boolean('lockout_began').notNull().default(false),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'login_throttle_pk', columns: [t.scope, t.key] }),
    index('login_throttle_updated_idx').on(t.updatedAt),
  ],
);

/** Anonymous auth events counted per window, so the audit log gets the first and a total (modules/auth/audit-tally.ts). */
export const authEventTallies = pgTable(
  'auth_event_tallies',
  {
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    ipAddress: text('ip_address').notNull(),
    windowStart: instant('window_start').notNull(),
    userId: integer('user_id'),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'auth_event_tallies_pk', columns: [t.kind, t.email, t.ipAddress, t.windowStart] }),
    index('auth_event_tallies_window_idx').on(t.windowStart),
  ],
);

/** One live token per user (a new one replaces the old); only the hash is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  expiresAt: instant('expires_at').notNull(),
});

/**
 * Append-only, hash-chained audit log. The database refuses UPDATE, DELETE and TRUNCATE (see the
 * custom migration), and each row's hash covers its content and the previous row's hash.
 */
export const audits = pgTable(
  'audits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    createdAt: instant('created_at').notNull(),
    event: text('event').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    ipAddress: text('ip_address').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audits_created_at_idx').on(t.createdAt)],
);

/** Whom a mail goes to and what it is about, in the queue and in the outbox. */
const addressed = () => ({
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
});

/** Mail that left (or, without SMTP, was printed to the log). Bodies are kept only in log mode. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  ...addressed(),
  body: text('body'),
  transport: text('transport', { enum: ['log', 'smtp'] }).notNull(),
  error: text('error'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Mail waiting for the mail job (mail/mailer.ts); the body is sealed under APP_KEY, the row deleted once sent. */
export const mailQueue = pgTable('mail_queue', {
  id: serial('id').primaryKey(),
  ...addressed(),
  bodySealed: text('body_sealed').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** The SAP Business One connection; the password is encrypted with a key derived from APP_KEY. */
export const connectionSettings = pgTable('connection_settings', {
  id: serial('id').primaryKey(),
  companyDb: text('company_db').notNull(),
  username: text('username').notNull(),
  passwordEncrypted: text('password_encrypted'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedById: integer('updated_by_id'),
});

/**
 * Settings > Dimensions (issue 25): one rule per SAP dimension (1-5): the record field it reads, the SAP
 * distribution rule code of each value, and a default code. No row: the lines carry no distribution rules.
 */
export const dimensionRules = pgTable('dimension_rules', {
  dimension: integer('dimension').primaryKey(),
  field: text('field'),
  codes: jsonb('codes').$type<{ value: string; code: string }[]>().notNull().default([]),
  defaultCode: text('default_code'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedById: integer('updated_by_id'),
});

/**
 * Settings > Posting defaults (issue 25): one row (id 1) of what a record takes when neither it nor SAP's master
 * data says; later defaults join it as columns. `vat_group`: a sales invoice line's VAT group after the record's
 * own and its customer's in SAP (null: none). No row: no defaults.
 */
export const postingDefaults = pgTable(
  'posting_defaults',
  {
    id: integer('id').primaryKey().default(1),
    vatGroup: text('vat_group'),
    /**
     * Issue 26: a post of more rows than this, or totalling more than `confirm_above_amount` (the company's
     * currency; null: no amount rule), is confirmed by the clerk first.
     */
    confirmAboveRows: integer('confirm_above_rows').notNull().default(50),
    confirmAboveAmount: numeric('confirm_above_amount', { precision: 14, scale: 2 }),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    updatedById: integer('updated_by_id'),
  },
  (t) => [check('posting_defaults_one_row', sql`${t.id} = 1`)],
);

/** Local ledger accounts offered on the posting screens; they must exist and be active in SAP. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    accountNumber: text('account_number').notNull().unique(),
    description: text('description').notNull(),
    accountType: text('account_type').notNull(),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('ledger_accounts_type_idx').on(t.accountType)],
);
export * from './records-schema.js';
export * from './after-posting-schema.js';
export * from './dashboard-counts-schema.js';
