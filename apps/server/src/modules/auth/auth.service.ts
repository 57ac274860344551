import { AUTH_MESSAGES, type CurrentUser, type LoginBody, type ResetPasswordBody } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { ValidationFailed } from '../../lib/errors.js';
import { hashPassword, prepareDummyHash, verifyPassword } from '../../lib/passwords.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditService } from '../audits/audit.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { ResetTokensRepository } from './reset-tokens.repository.js';
import type { LoadedSession, SessionRepository, SessionUser } from './session.repository.js';

export type ClientInfo = { ip: string; userAgent: string };

export const RESET_TOKEN_MINUTES = 60;
export const INVITE_TOKEN_MINUTES = 72 * 60;
const RESET_MAIL_INTERVAL_MS = 60_000;

export function passwordLink(appUrl: string, token: string, email: string) {
  return `${appUrl.replace(/\/$/, '')}/password-reset/${token}?email=${encodeURIComponent(email)}`;
}

export function createAuthService(deps: {
  db: Db;
  appUrl: string;
  sessions: SessionRepository;
  users: UsersRepository;
  tokens: ResetTokensRepository;
  throttle: LoginThrottle;
  audit: AuditService;
  mailer: Mailer;
}) {
  const { db, sessions, users, tokens, throttle, audit, mailer } = deps;
  const throttled = (seconds: number) => ValidationFailed.field('email', AUTH_MESSAGES.throttled(seconds));
  void prepareDummyHash();

  return {
    /** Keeps the current session's token, or opens an anonymous session to carry one. */
    async csrfCookie(session: LoadedSession | null, client: ClientInfo) {
      if (session) return { csrfToken: session.csrfToken };
      return sessions.create({ userId: null, ...client });
    },

    /** Verifies the credentials, then rotates the session: the old one is destroyed, a new one issued. */
    async login(body: LoginBody, previous: LoadedSession | null, client: ClientInfo) {
      const email = body.email.toLowerCase();
      const wait = await throttle.retryAfterSeconds(email, client.ip);
      if (wait > 0) throw throttled(wait);

      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) {
        const lockedOut = await throttle.recordFailure(email, client.ip);
        const actor = { id: user?.id ?? null, name: email };
        await audit.record({ actor, ip: client.ip }, `Failed sign-in for ${email}`);
        if (lockedOut) {
          const seconds = await throttle.retryAfterSeconds(email, client.ip);
          await audit.record({ actor, ip: client.ip }, `Sign-in locked out for ${email} for ${seconds} seconds after repeated failures`);
        }
        throw ValidationFailed.field('email', AUTH_MESSAGES.failed);
      }
      if (!user.isActive || !user.roleActive) {
        await audit.record({ actor: { id: user.id, name: user.name }, ip: client.ip }, `Refused sign-in for ${user.email}: ${user.isActive ? 'role disabled' : 'account disabled'}`);
        throw ValidationFailed.field('email', user.isActive ? AUTH_MESSAGES.roleDisabled : AUTH_MESSAGES.disabled);
      }

      await throttle.clear(email, client.ip);
      const issued = await db.transaction(async (tx) => {
        if (previous) await sessions.destroy(previous.id, tx as unknown as Db);
        const created = await sessions.create({ userId: user.id, ...client }, tx as unknown as Db);
        await audit.record({ actor: { id: user.id, name: user.name }, ip: client.ip }, `Signed in: ${user.email}`, tx as unknown as Db);
        return created;
      });
      return issued;
    },

    /** Ends the session and hands out a fresh anonymous one, so the CSRF token is rotated too. */
    async logout(session: LoadedSession, client: ClientInfo) {
      await sessions.destroy(session.id);
      if (session.user) {
        await audit.record({ actor: { id: session.user.id, name: session.user.name }, ip: client.ip }, `Signed out: ${session.user.email}`);
      }
      return sessions.create({ userId: null, ...client });
    },

    /** Same answer for every address (no account enumeration); at most one mail per account per minute. */
    async forgotPassword(emailInput: string, client: ClientInfo) {
      const email = emailInput.toLowerCase();
      const user = await users.findByEmail(email);
      await audit.record({ actor: { id: user?.id ?? null, name: email }, ip: client.ip }, `Password reset requested for ${email}`);
      if (!user || !user.isActive) return;
      const existing = await tokens.find(user.id);
      if (existing && Date.now() - existing.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return;
      const token = await tokens.issue(user.id, 'reset', RESET_TOKEN_MINUTES);
      mailer.sendInBackground({
        to: user.email,
        subject: 'Reset your Freight Finance password',
        text: [
          `Hello ${user.name},`,
          '',
          'We received a request to reset the password of your Freight Finance account.',
          `Set a new password here (the link is valid for ${RESET_TOKEN_MINUTES} minutes):`,
          passwordLink(deps.appUrl, token, user.email),
          '',
          'If you did not ask for this, you can ignore this e-mail.',
        ].join('\n'),
      });
    },

    /** Sets the password from a live token; the token is single-use and every session of the user ends. */
    async resetPassword(body: ResetPasswordBody, client: ClientInfo) {
      const invalid = () => ValidationFailed.field('email', AUTH_MESSAGES.resetTokenInvalid);
      const user = await users.findByEmail(body.email);
      const valid = user ? await tokens.matches(user.id, body.token) : false;
      if (!user || !valid) throw invalid();
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // Consumed first and atomically: a concurrent use of the same token finds it gone and rolls back.
        if (!(await tokens.consume(user.id, body.token, t))) throw invalid();
        await users.setPassword(user.id, passwordHash, t);
        await sessions.destroyForUser(user.id, t);
        await audit.record({ actor: { id: user.id, name: user.name }, ip: client.ip }, `Password reset completed for ${user.email}`, t);
      });
    },

    currentUser(user: SessionUser): CurrentUser {
      return { id: user.id, name: user.name, email: user.email, role: user.roleName, permissions: user.permissions };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
