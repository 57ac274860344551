import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import type { mailJobSender } from './jobs/mail.job.js';
import type { Mailer } from './mail/mailer.js';
import type { AuditService } from './modules/audits/audit.service.js';
import { createAnonymousCsrf } from './modules/auth/anonymous-csrf.js';
import { createAuditTally } from './modules/auth/audit-tally.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createResetTokensRepository } from './modules/auth/reset-tokens.repository.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { createTwoFactor } from './modules/auth/two-factor-check.js';
import { createMyAccountModule } from './modules/my-account/my-account.module.js';
import { createRolesRepository } from './modules/roles/roles.repository.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';

/** What sign-in and the people who use the app need from the composition root (services.ts). */
export type AccessDeps = {
  env: Env;
  db: Db;
  appUrl: string;
  audit: AuditService;
  mailer: Mailer;
  /** Puts a mail job on the queue; undefined without one (then mail goes in this process's background). */
  mailJobs: ReturnType<typeof mailJobSender> | undefined;
};

/**
 * Sign-in and the people who use the app, wired on one database (services.ts builds it): sessions, the login
 * throttle, sign-in and password reset (auth), users, roles and My Account.
 */
export function createAccessServices({ env, db, appUrl, audit, mailer, mailJobs }: AccessDeps) {
  const sessions = createSessionRepository(db, {
    idleMinutes: env.SESSION_IDLE_MINUTES,
    absoluteHours: env.SESSION_ABSOLUTE_HOURS,
  });
  const users = createUsersRepository(db);
  const roles = createRolesRepository(db);
  const tokens = createResetTokensRepository(db);
  const throttle = createLoginThrottle(db);
  const anonymousCsrf = createAnonymousCsrf(env.APP_KEY);
  const twoFactor = createTwoFactor(db, env.APP_KEY);
  const auth = createAuthService({
    twoFactor,
    db,
    appUrl,
    sessions,
    users,
    tokens,
    throttle,
    tally: createAuditTally(db, audit),
    anonymous: anonymousCsrf,
    audit,
    mailer,
    queueResetRequest: mailJobs && ((email) => mailJobs({ kind: 'password-reset', email })),
  });
  return {
    sessions,
    throttle,
    anonymousCsrf,
    auth,
    users: createUsersService({
      db,
      timeZone: env.APP_TIMEZONE,
      appUrl,
      users,
      roles,
      sessions,
      tokens,
      audit,
      mailer,
    }),
    roles: createRolesService({
      db,
      timeZone: env.APP_TIMEZONE,
      roles,
      sessions,
      audit,
      currentRoleOf: async (userId) => (await users.findById(userId))?.roleId,
    }),
    myAccount: createMyAccountModule({
      db,
      timeZone: env.APP_TIMEZONE,
      users,
      sessions,
      throttle,
      twoFactor,
      audit,
    }),
  };
}
