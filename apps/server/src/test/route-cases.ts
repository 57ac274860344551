import { randomBytes } from 'node:crypto';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type PermissionName } from '@ff/contract';
import { createResetTokensRepository } from '../modules/auth/reset-tokens.repository.js';
import { createRole, createUser } from './fixtures.js';
import { myAccountRouteCases } from './my-account-route-cases.js';
import { notificationsRouteCases } from './notifications-route-cases.js';
import { postingHistoryRouteCases } from './posting-history-route-cases.js';
import { postingPeriodsRouteCases } from './posting-periods-route-cases.js';
import { reconciliationRouteCases } from './reconciliation-route-cases.js';
import { reversalRouteCases } from './reversal-route-cases.js';
import { ADMIN_ROUTE_CASES } from './admin-cases.js';
import { postableRows, postBodyOf } from './kind-fixtures.js';
import { nairobiDay, recordRows } from './posting-harness.js';
import type { RouteCatalogueEntry } from '../plugins/access.js';
import type { CaseContext, RouteCase, ValidRequest } from './route-case.js';

/** The METRICS_TOKEN of the suites that walk the catalogue (it puts `GET /metrics` in it). */
export const TEST_METRICS_TOKEN = 'route-suites-metrics-token-0123456789';

export type { CaseContext, RouteCase, ValidRequest } from './route-case.js';

const unique = () => randomBytes(4).toString('hex');
const today = () => nairobiDay();
const get = (url: string, status = 200, query?: Record<string, string>): RouteCase => ({
  valid: async () => ({ url, status, ...(query ? { query } : {}) }),
});

/** Every registry kind's list and post routes: a fresh postable row (kind-fixtures.ts) posted as its fixture says. */
function recordRouteCases(): Record<string, RouteCase> {
  return Object.fromEntries(
    RECORD_KIND_NAMES.flatMap((kind) => {
      const { apiPath } = RECORD_KINDS_PLAIN[kind];
      const post: RouteCase = {
        async valid({ h }) {
          const ids = await postableRows(h, kind);
          return { url: apiPath, body: await postBodyOf(h, kind, ids, today()), status: 200 };
        },
      };
      return [
        [`GET ${apiPath}`, get(apiPath, 200, { toDate: today() })],
        [`POST ${apiPath}`, post],
      ];
    }),
  );
}

// User and role changes acting on a target that holds `permissions` (see RouteCase.escalation).
async function inviteWithRole({ h }: CaseContext, permissions: PermissionName[]): Promise<ValidRequest> {
  const role = await createRole(h.server, permissions);
  const body = {
    name: `Invited ${unique()}`,
    email: `invited-${unique()}@example.com`,
    mobileNo: '+254 700 111222',
    role: role.name,
  };
  return { url: '/api/v1/users', body, status: 201 };
}
async function toggleUserHolding(
  { h }: CaseContext,
  permissions: PermissionName[],
  toggleStatus: boolean,
): Promise<ValidRequest> {
  const target = await createUser(h.server, { permissions });
  return { url: `/api/v1/toggleUser/${target.id}`, body: { toggleStatus }, status: 200 };
}
async function createRoleHolding(_ctx: CaseContext, permissions: PermissionName[]): Promise<ValidRequest> {
  return { url: '/api/v1/roles', body: { name: `Role ${unique()}`, permissions }, status: 201 };
}
async function toggleRoleHolding(
  { h }: CaseContext,
  permissions: PermissionName[],
  toggleStatus: boolean,
): Promise<ValidRequest> {
  const role = await createRole(h.server, permissions);
  return { url: `/api/v1/toggleRoles/${role.id}`, body: { toggleStatus }, status: 200 };
}

export const ROUTE_CASES: Record<string, RouteCase> = {
  // Sign-in calls at the site root (public).
  'GET /sanctum/csrf-cookie': get('/sanctum/csrf-cookie', 204),
  'POST /login': {
    ownsSession: true,
    async valid({ h }) {
      const user = await createUser(h.server, { permissions: [] });
      return { url: '/login', body: { email: user.email, password: user.password }, status: 204 };
    },
  },
  'POST /logout': {
    ownsSession: true,
    anonymousStatus: 401,
    valid: async () => ({ url: '/logout', status: 204 }),
  },
  'POST /forgot-password': {
    async valid({ h }) {
      const user = await createUser(h.server, { permissions: [] });
      return { url: '/forgot-password', body: { email: user.email }, status: 200 };
    },
  },
  'POST /reset-password': {
    async valid({ h }) {
      const user = await createUser(h.server, { permissions: [] });
      const token = await createResetTokensRepository(h.database.db).issue(user.id, 'reset', 60);
      const password = `Reset-${unique()}-Password`;
      return {
        url: '/reset-password',
        body: { token, email: user.email, password, password_confirmation: password },
        status: 200,
      };
    },
  },
  'GET /user': get('/user'),
  'GET /api/v1/session': get('/api/v1/session'),
  ...myAccountRouteCases(),
  'GET /health/live': get('/health/live'),
  'GET /health/ready': get('/health/ready'),
  // Prometheus (METRICS_TOKEN is set in the route suites): a bearer token, like the import.
  'GET /metrics': get('/metrics'),

  // Users, roles, audit log.
  'GET /api/v1/users': get('/api/v1/users', 200, { fromDate: '2020-01-01', toDate: '2099-12-31' }),
  'POST /api/v1/users': {
    valid: (ctx) => inviteWithRole(ctx, []),
    escalation: inviteWithRole,
  },
  'PATCH /api/v1/toggleUser/:id': {
    valid: (ctx) => toggleUserHolding(ctx, [], true),
    escalation: (ctx, permissions) => toggleUserHolding(ctx, permissions, false),
  },
  'GET /api/v1/dashboard': get('/api/v1/dashboard'),
  'GET /api/v1/roles': get('/api/v1/roles'),
  'GET /api/v1/permissions': get('/api/v1/permissions'),
  'POST /api/v1/roles': {
    // A role manager may create a role holding what they hold (here: Manage Roles itself).
    valid: (ctx) => createRoleHolding(ctx, ['Manage Roles']),
    escalation: createRoleHolding,
  },
  'PATCH /api/v1/toggleRoles/:id': {
    valid: (ctx) => toggleRoleHolding(ctx, [], true),
    escalation: (ctx, permissions) => toggleRoleHolding(ctx, permissions, false),
  },
  ...ADMIN_ROUTE_CASES,
  'GET /api/v1/audits': get('/api/v1/audits', 200, { fromDate: nairobiDay(-1) }),
  'GET /api/v1/audits/event-types': get('/api/v1/audits/event-types'),
  'GET /api/v1/audits/actors': get('/api/v1/audits/actors'),

  // The OpenAPI document and Swagger UI (signed-in users).
  'GET /api/openapi.json': get('/api/openapi.json'),
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html', 302),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  'GET /api/docs/static/*': get('/api/docs/static/swagger-ui.css'),

  // The transport management system's import (Bearer token).
  'POST /api/v1/import/:kind': {
    valid: async () => ({ url: '/api/v1/import/cash-advances', body: [recordRows.cash()], status: 200 }),
  },

  // Settings > API tokens (issue 23): a token created, and a fresh one revoked, by whoever may manage them.
  'GET /api/v1/api-tokens': get('/api/v1/api-tokens'),
  'POST /api/v1/api-tokens': {
    valid: async () => ({
      url: '/api/v1/api-tokens',
      body: { name: `feed ${unique()}`, kinds: ['cash-advances'] },
      status: 201,
    }),
  },
  'DELETE /api/v1/api-tokens/:id': {
    async valid({ h }) {
      const { record } = await h.app.services.apiTokens.create(`to revoke ${unique()}`, {
        actor: { id: null, name: 'Test' },
        ip: '127.0.0.1',
      });
      return { url: `/api/v1/api-tokens/${record.id}`, status: 200 };
    },
  },

  // SAP connection and ledger accounts.
  'GET /api/v1/connectionSetting': get('/api/v1/connectionSetting'),
  'PATCH /api/v1/connectionSetting/:id': {
    async valid({ h }) {
      const [setting] = await h.app.services.settings.list();
      return { url: `/api/v1/connectionSetting/${setting!.id}`, body: { ...h.sim.credentials }, status: 200 };
    },
  },
  'POST /api/v1/testConnection': {
    valid: async ({ h }) => ({ url: '/api/v1/testConnection', body: { ...h.sim.credentials }, status: 200 }),
  },
  'POST /api/v1/settings/connection/test': {
    valid: async ({ h }) => ({
      url: '/api/v1/settings/connection/test',
      body: { ...h.sim.credentials },
      status: 200,
    }),
  },
  // Settings > Dimensions (issue 25): saving the same (empty) rules leaves every post as it was.
  'GET /api/v1/settings/dimensions': get('/api/v1/settings/dimensions'),
  'PUT /api/v1/settings/dimensions': {
    valid: async () => ({ url: '/api/v1/settings/dimensions', body: { rules: [] }, status: 200 }),
  },
  // Settings > Posting defaults (issue 25): saving no default VAT group leaves every post as it was.
  'GET /api/v1/settings/posting-defaults': get('/api/v1/settings/posting-defaults'),
  'PUT /api/v1/settings/posting-defaults': {
    valid: async () => ({ url: '/api/v1/settings/posting-defaults', body: { vatGroup: null }, status: 200 }),
  },
  'GET /api/v1/settings/vat-groups': get('/api/v1/settings/vat-groups'),
  // Issue 26: when a post is confirmed first, for every signed-in user (the posting screens ask it).
  'GET /api/v1/settings/post-confirmation': get('/api/v1/settings/post-confirmation'),
  'GET /api/v1/sap-status': get('/api/v1/sap-status'),
  'GET /api/v1/accounts': get('/api/v1/accounts', 200, { accountType: 'petty cash' }),
  'GET /api/v1/accounts/sapCheck': get('/api/v1/accounts/sapCheck'),
  // The posting-date picker's days without a rate in SAP (issue 25).
  'GET /api/v1/currency-rates': get('/api/v1/currency-rates', 200, {
    currency: 'USD',
    from: today(),
    to: today(),
  }),

  // Trip records: the list still to post and the post (or queue) of every registry kind.
  ...recordRouteCases(),
  // After "Post to SAP" (issue 11).
  ...postingHistoryRouteCases(),
  ...reversalRouteCases(),
  ...postingPeriodsRouteCases(),
  ...reconciliationRouteCases(),
  ...notificationsRouteCases(),
};

export const routeLabel = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The routes machines call with a bearer token instead of a session: the import and the metrics. */
export const isMachineRoute = (route: Pick<RouteCatalogueEntry, 'access'>) =>
  route.access.auth === 'apiToken' || route.access.auth === 'metricsToken';

/** The Authorization header a machine route takes (the import's API token, METRICS_TOKEN); none for the others. */
export function machineHeaders(
  route: Pick<RouteCatalogueEntry, 'access'>,
  ctx: Pick<CaseContext, 'h' | 'apiToken'>,
): Record<string, string> {
  if (route.access.auth === 'apiToken') return { authorization: `Bearer ${ctx.apiToken}` };
  if (route.access.auth === 'metricsToken')
    return { authorization: `Bearer ${ctx.h.env.METRICS_TOKEN ?? ''}` };
  return {};
}

/** The case of a catalogue route; throws (failing the test) for a route nobody has written a case for. */
export function caseOf(route: { method: string; url: string }): RouteCase {
  const found = ROUTE_CASES[routeLabel(route)];
  if (!found)
    throw new Error(`No security case for ${routeLabel(route)}: add one to src/test/route-cases.ts.`);
  return found;
}

/** `url?query` of a valid request. */
export const withQuery = (request: Pick<ValidRequest, 'url' | 'query'>) =>
  request.query ? `${request.url}?${new URLSearchParams(request.query).toString()}` : request.url;
