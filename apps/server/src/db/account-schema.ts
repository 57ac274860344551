import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant, ownerId } from './columns.js';
import { sessions, users } from './schema.js';

/**
 * A user's TOTP two-factor sign-in (modules/auth/two-factor.repository.ts): the secret sealed under APP_KEY;
 * active once `enabled_at` is set (an unconfirmed enrolment has none); `last_used_step` is the 30-second time
 * step of the last code accepted, so a code cannot be used twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: instant('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** One-time recovery codes: only their SHA-256 is stored; a used code's row is deleted. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    userId: ownerId('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    /** When it signed someone in: kept (not deleted) so a second use is told it was used, not that it is wrong. */
    usedAt: instant('used_at'),
  },
  (t) => [primaryKey({ name: 'user_recovery_codes_pk', columns: [t.userId, t.codeHash] })],
);

/** The sign-in throttle's record of one admitted password evaluation (modules/auth/login-throttle.ts). */
export type ThrottleAdmissionRecord = {
  email: string;
  ip: string;
  hits: { scope: 'account-ip' | 'account' | 'ip'; key: string; hit: string }[];
};

/**
 * A sign-in waiting for its two-factor code: the right password was given in the session `session_id` (a
 * session without a user until the code is accepted), for `user_id`, until `expires_at`. `password_admission`
 * is the throttle's count of that password, given back when the code is accepted.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: ownerId('user_id', () => users.id),
    expiresAt: instant('expires_at').notNull(),
    passwordAdmission: jsonb('password_admission').$type<ThrottleAdmissionRecord>(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/** The security settings (one row, id 1): whether roles that manage users, roles or settings need two-factor. */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey(),
  requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
  updatedAt: instant('updated_at').notNull().defaultNow(),
  updatedById: integer('updated_by_id'),
});
