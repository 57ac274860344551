import QRCode from 'qrcode';
import {
  AUTH_FIELD_MESSAGES,
  AUTH_MESSAGES,
  MY_ACCOUNT_MESSAGES,
  type AccountProfile,
  type AccountSession,
  type ChangePasswordBody,
  type ConfirmTwoFactorBody,
  type UpdateAccountBody,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { notFound, ValidationFailed } from '../../lib/errors.js';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { formatDateTime } from '../../lib/time.js';
import type { LoadedSession, SessionUser } from '../../plugins/session.js';
import type { AuditService } from '../audits/audit.service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { publicSessionId, type SessionRepository } from '../auth/session.repository.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from '../auth/totp.js';
import type { TwoFactorCheck } from '../auth/two-factor-check.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { AccountRepository } from './account.repository.js';
import { deviceOf } from './session-device.js';

/** The signed-in request a My Account call acts for: the user, their session, their address and browser. */
export type AccountCaller = { user: SessionUser; session: LoadedSession; ip: string; userAgent: string };

const contextOf = ({ user, ip }: AccountCaller): AuditContext => ({
  actor: { id: user.id, name: user.name },
  ip,
});

/** My Account: the user's own profile, password, sessions and two-factor sign-in. */
export function createMyAccountService(deps: {
  db: Db;
  timeZone: string;
  users: UsersRepository;
  account: AccountRepository;
  sessions: SessionRepository;
  throttle: LoginThrottle;
  twoFactor: TwoFactorCheck;
  audit: AuditService;
}) {
  const { db, users, account, sessions, throttle, twoFactor, audit } = deps;
  const twoFactorRows = twoFactor.repository;
  const time = (value: Date) => formatDateTime(value, deps.timeZone);

  /**
   * Checks the user's own password, with the sign-in throttle's limits per account (so My Account cannot be
   * used to guess it faster than the sign-in form); a wrong one is refused under `field` and audited.
   */
  async function checkPassword(caller: AccountCaller, password: string, field: string, wrong: string) {
    // Counted apart from the sign-in form (its own key, and not against the address's limit across
    // accounts): a signed-in user's mistakes here must not lock the account's sign-in.
    const key = `my-account:${caller.user.email.toLowerCase()}`;
    const admission = await throttle.admit(key, caller.ip, ['account-ip', 'account']);
    if (!admission.admitted)
      throw ValidationFailed.field(field, AUTH_MESSAGES.throttled(admission.waitSeconds));
    const record = await users.findById(caller.user.id);
    if (!(await verifyPassword(record?.passwordHash, password))) {
      await audit.record(contextOf(caller), `Wrong password given in My Account by ${caller.user.email}`);
      throw ValidationFailed.field(field, wrong);
    }
    await throttle.succeeded(admission);
  }

  async function sessionsOf(caller: AccountCaller) {
    const rows = await sessions.listForUser(caller.user.id);
    return rows.map((row) => ({ ...row, publicId: publicSessionId(row.id) }));
  }

  const freshCodes = () => {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(recoveryCodeHash) };
  };

  return {
    async profile(user: SessionUser): Promise<AccountProfile> {
      const record = await users.findById(user.id);
      const enabled = await twoFactorRows.isEnabled(user.id);
      return {
        id: user.id,
        name: record?.name ?? user.name,
        email: record?.email ?? user.email,
        mobileNo: record?.mobileNo ?? '',
        role: record?.roleName ?? user.roleName,
        twoFactorEnabled: enabled,
        twoFactorRequired: user.twoFactorRequired,
        recoveryCodesLeft: enabled ? await twoFactorRows.recoveryCodesLeft(user.id) : 0,
      };
    },

    async updateProfile(caller: AccountCaller, body: UpdateAccountBody): Promise<AccountProfile> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await account.updateProfile(caller.user.id, body, tx);
        await audit.record(
          contextOf(caller),
          `Updated own profile (${caller.user.email}): name "${body.name}", mobile number "${body.mobileNo}"`,
          tx,
        );
      });
      return this.profile(caller.user);
    },

    /** Sets a new password (same policy as a reset) and ends every other session of the user. */
    async changePassword(caller: AccountCaller, body: ChangePasswordBody) {
      assertAcceptablePassword(body.password);
      await checkPassword(
        caller,
        body.currentPassword,
        'currentPassword',
        MY_ACCOUNT_MESSAGES.currentPasswordWrong,
      );
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await users.setPassword(caller.user.id, passwordHash, tx);
        const ended = await sessions.destroyOthers(caller.user.id, caller.session.id, tx);
        await audit.record(
          contextOf(caller),
          `Password changed by ${caller.user.email}; ${ended} other session${ended === 1 ? '' : 's'} ended`,
          tx,
        );
      });
    },

    async listSessions(caller: AccountCaller): Promise<AccountSession[]> {
      return (await sessionsOf(caller)).map((row) => ({
        id: row.publicId,
        device: deviceOf(row.userAgent),
        ipAddress: row.ipAddress,
        createdAt: time(row.createdAt),
        lastSeenAt: time(row.lastSeenAt),
        current: row.id === caller.session.id,
      }));
    },

    /** Ends one of the user's own other sessions (another user's, or an unknown id, is a 404). */
    async endSession(caller: AccountCaller, publicId: string) {
      const row = (await sessionsOf(caller)).find((s) => s.publicId === publicId);
      if (!row) throw notFound(MY_ACCOUNT_MESSAGES.sessionNotFound);
      if (row.id === caller.session.id)
        throw ValidationFailed.field('id', MY_ACCOUNT_MESSAGES.currentSession);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await sessions.destroy(row.id, tx);
        await audit.record(
          contextOf(caller),
          `Signed out a session of ${caller.user.email} (${deviceOf(row.userAgent)}, ${row.ipAddress || 'unknown address'})`,
          tx,
        );
      });
    },

    async signOutOthers(caller: AccountCaller) {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const ended = await sessions.destroyOthers(caller.user.id, caller.session.id, tx);
        await audit.record(
          contextOf(caller),
          `Signed out all other sessions of ${caller.user.email} (${ended} ended)`,
          tx,
        );
        return { ended };
      });
    },

    /** Starts (or restarts) an enrolment: a new secret, active only once a code from it is confirmed. */
    async startTwoFactor(caller: AccountCaller) {
      const alreadyOn = () => ValidationFailed.field('twoFactor', MY_ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      if (await twoFactorRows.isEnabled(caller.user.id)) throw alreadyOn();
      const secret = newTotpSecret();
      if (!(await twoFactorRows.startEnrolment(caller.user.id, twoFactor.box.seal(secret))))
        throw alreadyOn();
      const otpauthUri = totpUri(secret, caller.user.email);
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
      await audit.record(contextOf(caller), `Two-factor sign-in set-up started by ${caller.user.email}`);
      return { secret, otpauthUri, qrSvg };
    },

    /**
     * Turns two-factor sign-in on with a code from the new secret; answers the recovery codes (shown once)
     * and the session that replaces the caller's. Two-factor is checked per session (issue 21): every other
     * session of the user ends, as they never passed a second factor, and this one is re-issued as a
     * sign-in is (new cookie and CSRF token), marked as having passed it with this code.
     */
    async confirmTwoFactor(caller: AccountCaller, body: ConfirmTwoFactorBody) {
      const row = await twoFactorRows.find(caller.user.id);
      if (!row) throw ValidationFailed.field('code', MY_ACCOUNT_MESSAGES.twoFactorNotStarted);
      if (row.enabledAt) throw ValidationFailed.field('code', MY_ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      // Where two-factor is required, the caller's session began with the password alone and reaches only My
      // Account: whoever holds it (a stolen cookie) must also know the password to enrol an authenticator.
      if (caller.user.twoFactorRequired && !caller.session.twoFactorPassed) {
        if (!body.password) throw ValidationFailed.field('password', AUTH_FIELD_MESSAGES.passwordRequired);
        await checkPassword(caller, body.password, 'password', MY_ACCOUNT_MESSAGES.passwordWrong);
      }
      if (!(await twoFactor.acceptCode(caller.user.id, body.code)))
        throw ValidationFailed.field('code', MY_ACCOUNT_MESSAGES.codeInvalid);
      const { codes, hashes } = freshCodes();
      const session = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await twoFactorRows.enable(caller.user.id, hashes, tx);
        const ended = await sessions.destroyOthers(caller.user.id, caller.session.id, tx);
        await sessions.destroy(caller.session.id, tx);
        const { ip, userAgent } = caller;
        const issued = await sessions.create(
          { userId: caller.user.id, ip, userAgent, twoFactorPassed: true },
          tx,
        );
        await audit.record(
          contextOf(caller),
          `Two-factor sign-in turned on for ${caller.user.email}; ${ended} other session${ended === 1 ? '' : 's'} ended`,
          tx,
        );
        return issued;
      });
      return { recoveryCodes: codes, session: { ...session, maxAgeSeconds: sessions.cookieMaxAgeSeconds } };
    },

    /** Turns two-factor sign-in off (password needed); refused while the user's role requires it. */
    async disableTwoFactor(caller: AccountCaller, password: string) {
      if (caller.user.twoFactorRequired)
        throw ValidationFailed.field('twoFactor', MY_ACCOUNT_MESSAGES.twoFactorRequiredByRole);
      await checkPassword(caller, password, 'password', MY_ACCOUNT_MESSAGES.passwordWrong);
      if (!(await twoFactorRows.isEnabled(caller.user.id)))
        throw ValidationFailed.field('twoFactor', MY_ACCOUNT_MESSAGES.twoFactorNotOn);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await twoFactorRows.disable(caller.user.id, tx);
        await audit.record(contextOf(caller), `Two-factor sign-in turned off for ${caller.user.email}`, tx);
      });
    },

    /** New recovery codes (password needed); the old ones stop working. */
    async regenerateRecoveryCodes(caller: AccountCaller, password: string) {
      await checkPassword(caller, password, 'password', MY_ACCOUNT_MESSAGES.passwordWrong);
      if (!(await twoFactorRows.isEnabled(caller.user.id)))
        throw ValidationFailed.field('twoFactor', MY_ACCOUNT_MESSAGES.twoFactorNotOn);
      const { codes, hashes } = freshCodes();
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await twoFactorRows.replaceRecoveryCodes(caller.user.id, hashes, tx);
        await audit.record(contextOf(caller), `New recovery codes made for ${caller.user.email}`, tx);
      });
      return { recoveryCodes: codes };
    },
  };
}

export type MyAccountService = ReturnType<typeof createMyAccountService>;
