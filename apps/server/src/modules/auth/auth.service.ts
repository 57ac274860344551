import {
  AUTH_MESSAGES,
  MY_ACCOUNT_MESSAGES,
  type CurrentUser,
  type LoginBody,
  type ResetPasswordBody,
  type TwoFactorChallengeBody,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { sha256Hex } from '../../lib/crypto.js';
import { ValidationFailed } from '../../lib/errors.js';
import {
  assertAcceptablePassword,
  hashPassword,
  prepareDummyHash,
  verifyPassword,
} from '../../lib/passwords.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditService } from '../audits/audit.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AnonymousCsrf } from './anonymous-csrf.js';
import type { AuditTally } from './audit-tally.js';
import type { LoginThrottle } from './login-throttle.js';
import type { ResetTokensRepository } from './reset-tokens.repository.js';
import type { TwoFactorCheck } from './two-factor-check.js';
import type { LoadedSession, SessionRepository, SessionUser } from './session.repository.js';

export type ClientInfo = { ip: string; userAgent: string };

export const RESET_TOKEN_MINUTES = 60;
export const INVITE_TOKEN_MINUTES = 72 * 60;
const RESET_MAIL_INTERVAL_MS = 60_000;

function passwordLink(appUrl: string, token: string, email: string, invite = false) {
  // `&new=1` marks an invitation: the page then says "Set your password" rather than "Reset your password".
  return `${appUrl.replace(/\/$/, '')}/password-reset/${token}?email=${encodeURIComponent(email)}${invite ? '&new=1' : ''}`;
}

/**
 * The e-mail that lets a user set a password (a reset, or a new account's invitation): a greeting, why it
 * came, the line that offers the link, the link, and what follows it.
 */
export function passwordMail(
  appUrl: string,
  to: { name: string; email: string },
  token: string,
  mail: { subject: string; why: string; offer: string; after?: string[]; invite?: boolean },
) {
  const link = passwordLink(appUrl, token, to.email, mail.invite);
  const text = [`Hello ${to.name},`, '', mail.why, mail.offer, link, ...(mail.after ?? [])].join('\n');
  return { to: to.email, subject: mail.subject, text };
}

export function createAuthService(deps: {
  db: Db;
  appUrl: string;
  sessions: SessionRepository;
  users: UsersRepository;
  tokens: ResetTokensRepository;
  throttle: LoginThrottle;
  tally: AuditTally;
  anonymous: AnonymousCsrf;
  audit: AuditService;
  mailer: Mailer;
  twoFactor: TwoFactorCheck;
  /** Queues a forgot-password request (jobs/mail.job.ts); without it the request is handled in the background. */
  queueResetRequest?: ((email: string) => Promise<void>) | undefined;
}) {
  const { db, sessions, users, tokens, throttle, tally, anonymous, audit, mailer, twoFactor } = deps;
  const throttled = (seconds: number) => ValidationFailed.field('email', AUTH_MESSAGES.throttled(seconds));
  void prepareDummyHash();

  const service = {
    /**
     * Keeps the current session's token; a visitor who has not signed in gets a stateless pair (no session
     * row: anonymous traffic writes nothing), the same pair again when they already hold one.
     */
    csrfCookie(
      session: LoadedSession | null,
      anonymousNonce: string | null,
    ): { token?: string; csrfToken: string } {
      if (session) return { csrfToken: session.csrfToken };
      return anonymous.issue(anonymousNonce);
    },

    /**
     * Verifies the credentials, then rotates the session: the old one is destroyed, a new one issued. For a
     * user with two-factor sign-in the new session is not signed in yet: it holds a pending sign-in
     * (`twoFactor: true`) that `twoFactorChallenge` completes.
     */
    async login(
      body: LoginBody,
      previous: LoadedSession | null,
      client: ClientInfo,
    ): Promise<{ token: string; csrfToken: string; twoFactor: boolean }> {
      const email = body.email.toLowerCase();
      // Counted before the password is evaluated, atomically: parallel attempts cannot overrun the limits.
      const admission = await throttle.admit(email, client.ip);
      if (!admission.admitted) {
        if (admission.lockoutBegan) {
          const user = await users.findByEmail(email);
          await audit.record(
            { actor: { id: user?.id ?? null, name: email }, ip: client.ip },
            `Sign-in locked out for ${email} for ${admission.waitSeconds} seconds after repeated failures`,
          );
        }
        throw throttled(admission.waitSeconds);
      }

      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) {
        await tally.note('failed-sign-in', email, client.ip, user?.id ?? null, `Failed sign-in for ${email}`);
        throw ValidationFailed.field('email', AUTH_MESSAGES.failed);
      }
      if (!user.isActive || !user.roleActive) {
        await audit.record(
          { actor: { id: user.id, name: user.name }, ip: client.ip },
          `Refused sign-in for ${user.email}: ${user.isActive ? 'role disabled' : 'account disabled'}`,
        );
        throw ValidationFailed.field(
          'email',
          user.isActive ? AUTH_MESSAGES.roleDisabled : AUTH_MESSAGES.disabled,
        );
      }

      if (await twoFactor.repository.isEnabled(user.id)) {
        // The attempt stays counted until the code is accepted (the password alone is not a success); the
        // pending sign-in keeps its count, so that the code's acceptance gives it back.
        const pending = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          if (previous) await sessions.destroy(previous.id, tx);
          const created = await sessions.create({ userId: null, ...client }, tx);
          await twoFactor.repository.createChallenge(sha256Hex(created.token), user.id, admission, tx);
          await audit.record(
            { actor: { id: user.id, name: user.name }, ip: client.ip },
            `Password accepted for ${user.email}; waiting for the two-factor code`,
            tx,
          );
          return created;
        });
        return { ...pending, twoFactor: true };
      }

      await throttle.succeeded(admission);
      const issued = await db.transaction(async (tx) => {
        if (previous) await sessions.destroy(previous.id, tx as unknown as Db);
        const created = await sessions.create({ userId: user.id, ...client }, tx as unknown as Db);
        await audit.record(
          { actor: { id: user.id, name: user.name }, ip: client.ip },
          `Signed in: ${user.email}`,
          tx as unknown as Db,
        );
        return created;
      });
      return { ...issued, twoFactor: false };
    },

    /**
     * Completes a pending sign-in with a TOTP code or a recovery code: counted by the sign-in throttle; on
     * success the session is rotated (the pending one destroyed) like a sign-in.
     */
    async twoFactorChallenge(
      body: TwoFactorChallengeBody,
      pending: LoadedSession | null,
      client: ClientInfo,
    ) {
      const field = body.code ? 'code' : 'recoveryCode';
      const challenge = pending && !pending.user ? await twoFactor.repository.challengeOf(pending.id) : null;
      const user = challenge ? await users.findById(challenge.userId) : undefined;
      if (!pending || !user) throw ValidationFailed.field('code', MY_ACCOUNT_MESSAGES.challengeExpired);
      const actor = { actor: { id: user.id, name: user.name }, ip: client.ip };

      const admission = await throttle.admit(user.email.toLowerCase(), client.ip);
      if (!admission.admitted) {
        if (admission.lockoutBegan)
          await audit.record(
            actor,
            `Sign-in locked out for ${user.email} for ${admission.waitSeconds} seconds after repeated failures`,
          );
        throw ValidationFailed.field(field, AUTH_MESSAGES.throttled(admission.waitSeconds));
      }
      const refused = await twoFactor.refusal(user.id, body);
      if (refused) {
        await audit.record(actor, `Failed two-factor sign-in for ${user.email}: ${refused.audit}`);
        throw ValidationFailed.field(field, refused.message);
      }
      if (!user.isActive || !user.roleActive) {
        throw ValidationFailed.field(
          'code',
          user.isActive ? AUTH_MESSAGES.roleDisabled : AUTH_MESSAGES.disabled,
        );
      }

      await throttle.succeeded(admission);
      if (challenge?.passwordAdmission) await throttle.succeeded(challenge.passwordAdmission);
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await sessions.destroy(pending.id, tx);
        const created = await sessions.create({ userId: user.id, ...client, twoFactorPassed: true }, tx);
        const how = body.code ? 'two-factor code' : 'recovery code';
        await audit.record(actor, `Signed in: ${user.email} (with a ${how})`, tx);
        return created;
      });
    },

    /** Ends the session and hands out a fresh anonymous pair, so the CSRF token is rotated too. */
    async logout(session: LoadedSession, client: ClientInfo) {
      await sessions.destroy(session.id);
      if (session.user) {
        await audit.record(
          { actor: { id: session.user.id, name: session.user.name }, ip: client.ip },
          `Signed out: ${session.user.email}`,
        );
      }
      return anonymous.issue();
    },

    /**
     * Same answer and the same work on the request path for every address (no account enumeration, not even
     * by timing): the request is audited (coalesced per window) and queued; `sendResetLink` does the rest.
     */
    async forgotPassword(emailInput: string, client: ClientInfo) {
      const email = emailInput.toLowerCase();
      const user = await users.findByEmail(email);
      await tally.note(
        'reset-request',
        email,
        client.ip,
        user?.id ?? null,
        `Password reset requested for ${email}`,
      );
      if (deps.queueResetRequest) await deps.queueResetRequest(email);
      else
        mailer.inBackground(() => service.sendResetLink(email), 'Handling a password reset request failed');
    },

    /** The queued half of forgot-password: at most one mail per account per minute, none to unknown or disabled accounts. */
    async sendResetLink(email: string) {
      const user = await users.findByEmail(email);
      if (!user || !user.isActive) return;
      const existing = await tokens.find(user.id);
      if (existing && Date.now() - existing.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return;
      const token = await tokens.issue(user.id, 'reset', RESET_TOKEN_MINUTES);
      await mailer.enqueue(
        passwordMail(deps.appUrl, user, token, {
          subject: 'Reset your Freight Finance password',
          why: 'We received a request to reset the password of your Freight Finance account.',
          offer: `Set a new password here (the link is valid for ${RESET_TOKEN_MINUTES} minutes):`,
          after: ['', 'If you did not ask for this, you can ignore this e-mail.'],
        }),
      );
    },

    /** Sets the password from a live token; the token is single-use and every session of the user ends. */
    /** Sets the password through a mailed link; answers whether it was the user's first (an invitation). */
    async resetPassword(body: ResetPasswordBody, client: ClientInfo): Promise<{ invitation: boolean }> {
      const invalid = () => ValidationFailed.field('email', AUTH_MESSAGES.resetTokenInvalid);
      // Like the length rule, checked before the token, so a refused password leaves the link usable.
      assertAcceptablePassword(body.password);
      const user = await users.findByEmail(body.email);
      const valid = user ? await tokens.matches(user.id, body.token) : false;
      if (!user || !valid) throw invalid();
      const invitation = user.passwordHash === null;
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // Consumed first and atomically: a concurrent use of the same token finds it gone and rolls back.
        if (!(await tokens.consume(user.id, body.token, t))) throw invalid();
        await users.setPassword(user.id, passwordHash, t);
        await sessions.destroyForUser(user.id, t);
        await audit.record(
          { actor: { id: user.id, name: user.name }, ip: client.ip },
          `Password reset completed for ${user.email}`,
          t,
        );
      });
      return { invitation };
    },

    currentUser(user: SessionUser): CurrentUser {
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.roleName,
        permissions: user.permissions,
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorSetupRequired: user.twoFactorSetupRequired,
      };
    },

    /** Audits the totals of closed tally windows (run every minute by the app; `now` lets tests close windows). */
    flushAuditTallies: (now?: Date) => tally.flush(now),
  };
  return service;
}

export type AuthService = ReturnType<typeof createAuthService>;
