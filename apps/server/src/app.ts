import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import { TRUST_PROXY_TRUE_WARNING, trustProxySetting, type Env } from './config/env.js';
import { createLogger } from './config/logger.js';
import type { Database } from './db/client.js';
import { registerAfterPostingRoutes } from './wire-after-posting.js';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.js';
import { registerAuditRoutes } from './modules/audits/audits.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerSessionProbeRoutes } from './modules/auth/session-probe.routes.js';
import { registerCurrencyRatesRoutes } from './modules/currency-rates/currency-rates.routes.js';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerApiTokenRoutes } from './modules/imports/api-tokens.routes.js';
import { registerImportRoutes } from './modules/imports/imports.routes.js';
import { registerMyAccountModuleRoutes } from './modules/my-account/register.js';
import { registerDimensionRoutes } from './modules/dimensions/dimensions.routes.js';
import { registerPostingDefaultsRoutes } from './modules/posting-defaults/posting-defaults.routes.js';
import { registerPostingRoutes } from './modules/posting/posting.routes.js';
import { registerRecordRoutes } from './modules/records/records.routes.js';
import { registerRoleRoutes } from './modules/roles/roles.routes.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerAccessControl } from './plugins/access.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler, registerValidation } from './plugins/errors.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSpa } from './plugins/spa.js';
import { createServices, type Services } from './services.js';

export type HttpAppOptions = {
  /** The built SPA to serve; undefined serves the API only. */
  webDistDir?: string | undefined;
};

/**
 * The HTTP app on top of the services (services.ts): infrastructure plugins, then the routes. It logs through
 * the services' logger; closing it does not close the services (buildApp ties the two together).
 */
export async function buildHttpApp(services: Services, options: HttpAppOptions = {}) {
  const { env, database } = services;
  // Typed as the plain interface: Fastify() also returns PromiseLike, which `await buildHttpApp()` would unwrap
  // (at the type level) down to a bare FastifyInstance, losing `services`.
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
  });
  if (env.TRUST_PROXY === 'true') app.log.warn({ TRUST_PROXY: env.TRUST_PROXY }, TRUST_PROXY_TRUE_WARNING);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (
      !reply.hasHeader('cache-control') &&
      (request.url.startsWith('/api/') || request.routeOptions.config.access)
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.removeContentTypeParser('text/plain');
  registerValidation(app);
  registerErrorHandler(app);
  // Compression and the OpenAPI document both hook each route as it is added: every route comes below.
  await registerCompression(app);
  await registerOpenApi(app);
  await app.register(cookie);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/api/') && !request.routeOptions.config.access,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too Many Attempts.',
      retryAfter: context.after,
    }),
  });

  registerAccessControl(app, services.sessions, services.apiTokens.verify, services.anonymousCsrf, {
    metricsToken: env.METRICS_TOKEN,
  });
  // GET /metrics and the timing of every answer, when METRICS_TOKEN is set; before the routes it times.
  registerMetrics(app, services.metrics, env.METRICS_TOKEN);
  await registerOpenApiRoutes(app);
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, services.auth, env.SESSION_ABSOLUTE_HOURS * 3600);
  registerSessionProbeRoutes(app, services.auth, services.sessions, env.APP_TIMEZONE);
  registerMyAccountModuleRoutes(app, services.myAccount);
  registerUserRoutes(app, services.users);
  registerRoleRoutes(app, services.roles);
  registerAuditRoutes(app, services.audit);
  registerImportRoutes(app, services.imports, env.APP_TIMEZONE);
  registerApiTokenRoutes(app, services.apiTokens);
  registerSettingsRoutes(app, services.settings);
  registerAccountRoutes(app, services.accounts);
  registerDashboardRoutes(app, services.dashboard);
  registerRecordRoutes(app, {
    records: services.records,
    timeZone: env.APP_TIMEZONE,
    rowCap: env.LIST_ROW_CAP,
  });
  registerPostingRoutes(app, {
    posting: services.posting,
    kinds: services.kinds,
    enqueueVas: services.enqueueVas,
  });
  registerDimensionRoutes(app, services.dimensions);
  registerPostingDefaultsRoutes(app, services.postingDefaults);
  registerCurrencyRatesRoutes(app, services.rates);
  registerAfterPostingRoutes(app, services.afterPosting);
  await registerSpa(app, options.webDistDir);

  return Object.assign(app, { services });
}

export type AppOptions = HttpAppOptions & {
  env: Env;
  database: Database;
  /** Pino options, or false to keep tests quiet; by default JSON lines on stdout at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** The pg-boss queue mail and VAS posts go through; without it VAS posts answer 503. */
  queue?: PgBoss | undefined;
  /**
   * Awaited when the app closes, after its last request and before its services close: work outside HTTP
   * that still uses them (main.ts: the queue's active jobs, which post through the SAP client).
   */
  beforeServicesClose?: () => Promise<unknown>;
  /**
   * Start the background work (pruning, audit-tally totals, the sweepers, the digest); default true. The
   * suites judging what one request wrote (test/route-harness.ts) turn it off, so no timer writes beside it.
   */
  background?: boolean;
};

/**
 * The API server: the services, the HTTP app on them, and their background work (pruning, the posting
 * sweeper) started. Closing the app closes the services; the database and the queue stay the caller's.
 */
export async function buildApp(options: AppOptions) {
  const { env, database, queue } = options;
  const services = createServices(env, database, {
    log: createLogger(options.logger ?? { level: env.LOG_LEVEL }),
    queue,
  });
  try {
    // The dashboard's running totals, (re)installed when this version's triggers or time zone are new (issue 30).
    await services.dashboardCounters.prepare((message) => services.log.warn(message));
    const app = await buildHttpApp(services, { webDistDir: options.webDistDir });
    if (options.background ?? true) services.start();
    app.addHook('onClose', async () => {
      await options.beforeServicesClose?.();
      await services.close();
    });
    return app;
  } catch (error) {
    await services.close();
    throw error;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
