import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, PERMISSIONS, type PermissionName } from '@ff/contract';

/**
 * The signed-in session as access control (access.ts) reads it: its user, when it must end, what it needs of
 * the session store, and its cookies.
 */

/** A signed-in user as the session carries them (loaded with their role and its permissions). */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  isActive: boolean;
  roleId: number;
  roleName: string;
  roleActive: boolean;
  permissions: string[];
  /** The user signs in with a two-factor code. */
  twoFactorEnabled: boolean;
  /** The security setting is on and the role holds a permission that requires two-factor sign-in. */
  twoFactorRequired: boolean;
  /** Required but not set up: only My Account answers until it is (see registerAccessControl). */
  twoFactorSetupRequired: boolean;
};

/** The permissions for which "require two-factor for administrators" applies. */
export const TWO_FACTOR_ADMIN_PERMISSIONS: readonly PermissionName[] = [
  PERMISSIONS.manageUsers,
  PERMISSIONS.manageRoles,
  PERMISSIONS.manageSettings,
];

/** Whether a role holding `permissions` must use two-factor sign-in, given the security setting. */
export const roleNeedsTwoFactor = (permissions: readonly string[], settingOn: boolean) =>
  settingOn && TWO_FACTOR_ADMIN_PERMISSIONS.some((p) => permissions.includes(p));

export type LoadedSession = {
  id: string;
  csrfToken: string;
  lastSeenAt: Date;
  /** The session passed a second factor: a two-factor code at sign-in, or the code that turned it on in it. */
  twoFactorPassed: boolean;
  user: SessionUser | null;
};

/**
 * Whether the session must not sign its user in: the account or the role is disabled, or the user has
 * two-factor sign-in and this session never passed it (it began with the password alone, before two-factor
 * was turned on). Such a session is ended, not refused: nothing can make it valid later (the code is asked
 * only by the sign-in, which starts a new session), and the user signs in again with their code.
 */
export const sessionMustEnd = (user: SessionUser, session: Pick<LoadedSession, 'twoFactorPassed'>) =>
  !user.isActive || !user.roleActive || (user.twoFactorEnabled && !session.twoFactorPassed);

/** What access control needs of the session store (modules/auth/session.repository.ts provides it). */
export type SessionStore = {
  find(token: string): Promise<LoadedSession | null>;
  destroy(id: string): PromiseLike<unknown>;
  touchIfStale(session: LoadedSession): Promise<unknown>;
};

export const SESSION_COOKIE = 'ff_session';

export function isSecureRequest(request: FastifyRequest) {
  return request.protocol === 'https';
}

/** Writes the session cookie (HttpOnly) and the script-readable XSRF-TOKEN cookie. */
export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  cookies: { token?: string; csrfToken: string },
  maxAgeSeconds: number,
) {
  const secure = isSecureRequest(request);
  if (cookies.token) {
    reply.setCookie(SESSION_COOKIE, cookies.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: maxAgeSeconds,
    });
  }
  reply.setCookie(CSRF_COOKIE, cookies.csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
