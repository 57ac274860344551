import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

/**
 * What happens after "Post to SAP": reconciliation runs against SAP and the in-app notifications (with their
 * e-mail digest preference). The posting log itself is records-schema.ts. User ids are not foreign keys: users
 * are deactivated, never deleted (and db/schema.ts re-exports this file).
 */

/**
 * One comparison of our posted records with SAP's documents over a range of posting dates (modules/reconciliation).
 * `summary` and `differences` are written once the run ends (shapes: packages/contract reconciliations.ts).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Who started it; null for the nightly run. */
    startedById: integer('started_by_id'),
    trigger: text('trigger', { enum: ['user', 'nightly', 'cli'] })
      .notNull()
      .default('user'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    summary: jsonb('summary'),
    differences: jsonb('differences'),
    error: text('error'),
  },
  (t) => [index('reconciliation_runs_created_idx').on(t.createdAt)],
);

/**
 * In-app notifications (the header's bell): one row per recipient. `link` is an SPA path (e.g.
 * `/postings?posting=12`); `dedupeKey` stops the same event notifying a user twice (e.g. a retried job).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type', {
      enum: ['posting_failed', 'posting_settled', 'reversal_failed', 'reconciliation_differences'],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    createdAt: instant('created_at').notNull().defaultNow(),
    readAt: instant('read_at'),
    /** When this notification went out in an e-mail digest (null: not yet, or the user does not want one). */
    mailedAt: instant('mailed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
  ],
);

/** A user's choice of an hourly e-mail digest of their unread notifications (My Account). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id').primaryKey(),
  emailDigest: boolean('email_digest').notNull().default(false),
  lastDigestAt: instant('last_digest_at'),
});
