import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  MY_ACCOUNT_MESSAGES,
  TWO_FACTOR_SETUP_REQUIRED_CODE,
  type PermissionName,
} from '@ff/contract';
import type { AuditContext } from '../lib/audit-context.js';
import { safeEqual, sha256Hex } from '../lib/crypto.js';
import {
  clearSessionCookies,
  SESSION_COOKIE,
  sessionMustEnd,
  type LoadedSession,
  type SessionStore,
} from './session.js';

/**
 * Every API and sign-in route declares who may call it:
 * - `public`: anyone (sign-in calls; unsafe methods still need the CSRF token);
 * - `user`: a signed-in, active user whose role is active and, when `permission` is set, holds it
 *   (an array means any one of them);
 * - `apiToken`, `metricsToken`: machines with a bearer token (no session, no CSRF).
 */
export type RouteAccess =
  | { auth: 'public'; csrf?: boolean }
  /** Machine calls (the transport management system's import) with `Authorization: Bearer <token>`; no CSRF. */
  | { auth: 'apiToken' }
  /** Prometheus scraping `GET /metrics` with `Authorization: Bearer <METRICS_TOKEN>` (plugins/metrics.ts); no CSRF. */
  | { auth: 'metricsToken' }
  | { auth: 'user'; permission: PermissionName | readonly PermissionName[] | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: LoadedSession | null;
    /** The nonce of a visitor's anonymous (stateless) session cookie; null when signed in or without one. */
    anonymousNonce: string | null;
  }
}

/**
 * The routes a user who must set up two-factor sign-in may still call: My Account (`/api/v1/account` and
 * below; not `/api/v1/accounts`, the ledger accounts). Routes outside `/api/v1/` (`/user`, `/logout`) are
 * never gated.
 */
export const gatedByTwoFactorSetup = (url: string) =>
  url.startsWith('/api/v1/') && url !== '/api/v1/account' && !url.startsWith('/api/v1/account/');

/** What access control needs of the anonymous CSRF tokens (modules/auth/anonymous-csrf.ts provides it). */
export type AnonymousCsrfCheck = {
  nonceOf(cookie: string | undefined): string | null;
  verify(nonce: string, sent: string): boolean;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A declared route; `schema` holds its request schemas (zod), so tests can generate requests from it, and its
 * response schemas by status, so tests can hold its answers to them.
 */
export type RouteCatalogueEntry = {
  method: string;
  url: string;
  access: RouteAccess;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> };
};

function allowed(permissions: readonly string[], needed: PermissionName | readonly PermissionName[] | null) {
  if (needed === null) return true;
  const list: readonly string[] = typeof needed === 'string' ? [needed] : needed;
  return list.some((p) => permissions.includes(p));
}

/** The 403 message naming the permission(s) a caller lacks; services checking one themselves answer it too. */
export function permissionSentence(needed: PermissionName | readonly PermissionName[]) {
  const list = typeof needed === 'string' ? [needed] : [...needed];
  const names = list.map((p) => `"${p}"`).join(' or ');
  return `You do not have the ${names} permission needed for this action. Ask an administrator to grant it to your role.`;
}

/** A bearer token's caller (its id, name and the imports it may call; null: every one), or why it is refused. */
export type ApiTokenVerifier = (
  token: string,
  ip: string,
) => Promise<
  | { ok: true; client: { id: number; name: string; kinds: readonly string[] | null } }
  | { ok: false; message: string }
>;

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: { id: number; name: string; kinds: readonly string[] | null } | null;
  }
}

/** The answer to an import without a bearer token, or with one that was never issued. */
export const NO_VALID_API_TOKEN = 'A valid API token is required: send Authorization: Bearer <token>.';

/** The bearer token of an `Authorization: Bearer <token>` header, or null. */
const bearerOf = (request: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * Whether `sent` is METRICS_TOKEN, in constant time whatever either's length (their SHA-256 digests are
 * compared); never when no token is configured.
 */
const isMetricsToken = (sent: string | null, token: string | undefined) =>
  sent !== null && token !== undefined && safeEqual(sha256Hex(sent), sha256Hex(token));

/**
 * Loads the session for every declared route, then enforces CSRF on unsafe methods, sign-in, the
 * account and role being active, and the route's permission. Also keeps a catalogue of declared routes
 * so tests can prove that none escapes these checks.
 */
export function registerAccessControl(
  app: FastifyInstance,
  sessions: SessionStore,
  verifyApiToken: ApiTokenVerifier,
  anonymous: AnonymousCsrfCheck,
  machines: { metricsToken?: string | undefined } = {},
) {
  const catalogue: RouteCatalogueEntry[] = [];
  app.decorateRequest('session', null);
  app.decorateRequest('anonymousNonce', null);
  app.decorateRequest('apiClient', null);
  app.decorate('routeCatalogue', catalogue);

  app.addHook('onRoute', function declare(this: FastifyInstance, route) {
    const access = route.config?.access ?? this[CONTEXT_ACCESS];
    if (access && !route.config?.access) route.config = { ...route.config, access };
    const url = route.url ?? route.path;
    const needsDeclaration = url.startsWith('/api/') || route.config?.requiresAccess === true;
    if (needsDeclaration && !access)
      throw new Error(`Route ${String(route.method)} ${url} declares no access rule.`);
    if (access) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const { body, querystring, params, response } = (route.schema ?? {}) as RouteCatalogueEntry['schema'];
      const schema = { body, querystring, params, response };
      for (const method of methods)
        if (method !== 'HEAD') catalogue.push({ method: String(method), url, access, schema });
    }
  });

  // preParsing, not onRequest: the general rate limit hooks onRequest per route, and those run after every
  // app-wide onRequest hook; checking here lets the limiter refuse a flood (anonymous ones included) before
  // any session lookup. It still runs before the body is read, so 419/401/403 come before 413/415/422.
  app.addHook('preParsing', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (access.auth === 'metricsToken') {
      // No session is read and nothing is written: a scraper calls every few seconds.
      if (isMetricsToken(bearerOf(request), machines.metricsToken)) return;
      return reply.code(401).header('www-authenticate', 'Bearer').send({
        message: 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.',
      });
    }
    if (access.auth === 'apiToken') {
      const token = bearerOf(request);
      const check = token
        ? await verifyApiToken(token, request.ip)
        : { ok: false as const, message: NO_VALID_API_TOKEN };
      if (!check.ok) {
        // Unknown, revoked or expired: the message says which.
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: check.message });
      }
      request.apiClient = check.client;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    // An anonymous visitor's cookie is checked by its MAC alone: no database read, no session row.
    request.anonymousNonce = anonymous.nonceOf(token);
    request.session = token && !request.anonymousNonce ? await sessions.find(token) : null;

    const csrfRequired = UNSAFE.has(request.method) && !(access.auth === 'public' && access.csrf === false);
    if (csrfRequired) {
      const header = request.headers['x-xsrf-token'];
      const sent = typeof header === 'string' ? header : '';
      const valid = request.session
        ? safeEqual(sent, request.session.csrfToken)
        : request.anonymousNonce !== null && anonymous.verify(request.anonymousNonce, sent);
      if (!sent || !valid) return reply.code(419).send({ message: AUTH_MESSAGES.csrfMismatch });
    }

    if (access.auth === 'public') return;
    const session = request.session;
    const user = session?.user;
    if (!session || !user) return reply.code(401).send({ message: AUTH_MESSAGES.unauthenticated });
    if (sessionMustEnd(user, session)) {
      // Disabling takes effect on the very next request, even if the sessions were not yet removed; so does a
      // password-only session of a user who has two-factor (issue 21: two-factor is checked per session).
      await sessions.destroy(session.id);
      clearSessionCookies(reply);
      return reply.code(401).send({ message: AUTH_MESSAGES.unauthenticated });
    }
    if (user.twoFactorSetupRequired && gatedByTwoFactorSetup(request.routeOptions.url ?? '')) {
      // Sent as is: a route's own 403 schema (a message only) would drop `code`.
      return reply.code(403).serializer(JSON.stringify).send({
        message: MY_ACCOUNT_MESSAGES.twoFactorSetupRequired,
        code: TWO_FACTOR_SETUP_REQUIRED_CODE,
      });
    }
    if (!allowed(user.permissions, access.permission)) {
      return reply.code(403).send({ message: permissionSentence(access.permission!) });
    }
    await sessions.touchIfStale(session);
  });
}

const CONTEXT_ACCESS = Symbol('contextAccess');

/**
 * Declares `access` for every route registered in `context` (an encapsulated plugin context and the contexts
 * inside it) that declares none itself: for plugins whose routes take no config, such as the API docs' pages.
 * Call it before registering that plugin, and after registerAccessControl.
 */
export function declareContextAccess(context: FastifyInstance, access: RouteAccess) {
  if (!context.hasDecorator('routeCatalogue'))
    throw new Error('declareContextAccess needs registerAccessControl first.');
  context.decorate(CONTEXT_ACCESS, { getter: () => access });
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalogue: RouteCatalogueEntry[];
    [CONTEXT_ACCESS]?: RouteAccess;
  }
  interface FastifyContextConfig {
    requiresAccess?: boolean;
  }
}

/** The signed-in user of a `user` route (the access hook guarantees it). */
export function currentUserOf(request: FastifyRequest) {
  const user = request.session?.user;
  if (!user) throw new Error('currentUserOf called on a route without a signed-in user');
  return user;
}

/** The audit context of a signed-in request: the user and their address (honouring TRUST_PROXY). */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = currentUserOf(request);
  return { actor: { id: user.id, name: user.name }, ip: request.ip };
}
