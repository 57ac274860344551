import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import { TRUST_PROXY_TRUE_WARNING, trustProxySetting, type Env } from './config/env.js';
import { sapPostingAccounts } from './config/sap-accounts.js';
import { arrayRowsQuery, type Database } from './db/client.js';
import { createDeferredWrites } from './db/connection-faults.js';
import { createPostingRules } from './erp/posting-rules.js';
import { createServiceLayerClient } from './erp/service-layer-client.js';
import { vasRecordsWithLiveJobs } from './jobs/queue.js';
import { vasEnqueuer } from './jobs/vas-posting.job.js';
import { requestLogSerializer } from './lib/request-log.js';
import { SYSTEM_ACTOR } from './lib/audit-context.js';
import { mailJobSender, type MailJobHandler } from './jobs/mail.job.js';
import { createMailer } from './mail/mailer.js';
import { createPostingRepository } from './modules/posting/posting.repository.js';
import { createPostingService } from './modules/posting/posting.service.js';
import { createPostingSweeper } from './modules/posting/posting-sweeper.js';
import { sapGatewayFor } from './modules/posting/sap-gateway-adapter.js';
import { createRecordKinds } from './modules/records/record-kinds.js';
import { createRecordsRepository } from './modules/records/records.repository.js';
import { registerRecordRoutes } from './modules/records/records.routes.js';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createLedgerAccountsRepository } from './modules/accounts/ledger-accounts.repository.js';
import { auditChainKey } from './modules/audits/audit-chain.js';
import { createAuditRepository } from './modules/audits/audit.repository.js';
import { createAuditService } from './modules/audits/audit.service.js';
import { registerAuditRoutes } from './modules/audits/audits.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createAnonymousCsrf } from './modules/auth/anonymous-csrf.js';
import { createAuditTally } from './modules/auth/audit-tally.js';
import { createResetTokensRepository } from './modules/auth/reset-tokens.repository.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { createApiTokensRepository } from './modules/imports/api-tokens.repository.js';
import { createApiTokensService } from './modules/imports/api-tokens.service.js';
import { createImportsRepository } from './modules/imports/imports.repository.js';
import { registerImportRoutes } from './modules/imports/imports.routes.js';
import { createImportsService } from './modules/imports/imports.service.js';
import { createRolesRepository } from './modules/roles/roles.repository.js';
import { registerRoleRoutes } from './modules/roles/roles.routes.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createConnectionSettingsRepository } from './modules/settings/connection-settings.repository.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createStoredSapCredentials, sapPasswordBox } from './modules/settings/stored-sap-credentials.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { registerAccessControl } from './plugins/access.js';
import { registerErrorHandler, registerValidation } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSpa } from './plugins/spa.js';

export type AppOptions = {
  env: Env;
  database: Database;
  /** Pino options, or false to keep tests quiet. */
  logger?: FastifyServerOptions['logger'];
  /** The built SPA to serve; undefined serves the API only. */
  webDistDir?: string | undefined;
  /** The pg-boss queue VAS posts are enqueued on; without it VAS posts answer 503. */
  queue?: PgBoss | undefined;
};

/** The composition root: infrastructure plugins, then repositories and services, then routes. */
export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  // Typed as the plain interface: Fastify() also returns PromiseLike, which `await buildApp()` would unwrap
  // (at the type level) down to a bare FastifyInstance, losing `services`.
  const logger = options.logger ?? { level: env.LOG_LEVEL };
  const app: FastifyInstance = Fastify({
    // Request URLs are logged without the reset token of a password link (lib/request-log.ts).
    logger: logger && typeof logger === 'object' ? { ...logger, serializers: { req: requestLogSerializer, ...logger.serializers } } : logger,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
  });
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  if (env.TRUST_PROXY === 'true') app.log.warn({ TRUST_PROXY: env.TRUST_PROXY }, TRUST_PROXY_TRUE_WARNING);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!reply.hasHeader('cache-control') && (request.url.startsWith('/api/') || request.routeOptions.config.access)) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.removeContentTypeParser('text/plain');
  registerValidation(app);
  registerErrorHandler(app);
  await app.register(cookie);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/api/') && !request.routeOptions.config.access,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: 'Too Many Attempts.', retryAfter: context.after }),
  });

  const { db } = database;
  const sessions = createSessionRepository(db, { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS });
  const users = createUsersRepository(db);
  const roles = createRolesRepository(db);
  const tokens = createResetTokensRepository(db);
  const audit = createAuditService(createAuditRepository(db, auditChainKey(env.APP_KEY)), env.APP_TIMEZONE);
  // Mail and forgot-password requests go through the queue (jobs/mail.job.ts); without one, this process's background.
  const mailJobs = options.queue ? mailJobSender(options.queue) : undefined;
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    db,
    log: app.log,
    appKey: env.APP_KEY,
    sendDelivery: mailJobs && ((mailId, tx) => mailJobs({ kind: 'deliver', mailId }, tx)),
  });
  const throttle = createLoginThrottle(db);
  const anonymousCsrf = createAnonymousCsrf(env.APP_KEY);
  const auth = createAuthService({
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
  const handleMailJob: MailJobHandler = (job) => (job.kind === 'deliver' ? mailer.deliver(job.mailId) : auth.sendResetLink(job.email));
  const usersService = createUsersService({ db, timeZone: env.APP_TIMEZONE, appUrl, users, roles, sessions, tokens, audit, mailer });
  const rolesService = createRolesService({
    db,
    timeZone: env.APP_TIMEZONE,
    roles,
    sessions,
    audit,
    currentRoleOf: async (userId) => (await users.findById(userId))?.roleId,
  });
  // SAP Business One: one Service Layer client for everything; it reads the stored credentials on every call.
  const connectionSettings = createConnectionSettingsRepository(db);
  const sapCredentials = createStoredSapCredentials(connectionSettings, sapPasswordBox(env.APP_KEY));
  const sap = createServiceLayerClient({
    baseUrl: env.SAP_SL_URL,
    timeoutMs: env.SAP_TIMEOUT_MS,
    caFile: env.SAP_CA_FILE,
    credentials: sapCredentials.read,
    logger: app.log.child({ component: 'sap' }),
  });
  const postingAccounts = sapPostingAccounts(env);
  const postingRules = createPostingRules(postingAccounts);
  const settings = createSettingsService({ db, repository: connectionSettings, credentials: sapCredentials, sap, audit });
  const accounts = createAccountsService({ db, repository: createLedgerAccountsRepository(db), sap, postingAccounts, audit });

  // Trip records in: the transport management system's import API (Bearer API tokens).
  const apiTokens = createApiTokensService({ db, tokens: createApiTokensRepository(db), audit });
  const imports = createImportsService({ db, timeZone: env.APP_TIMEZONE, imports: createImportsRepository(db), audit });

  // Trip records out: the lists still to post, and posting them to SAP exactly once (VAS through the queue).
  const records = createRecordsRepository(db, env.APP_TIMEZONE, arrayRowsQuery(database));
  const postingRepository = createPostingRepository(db);
  const sapGateway = sapGatewayFor(sap);
  // Outcomes SAP gave while the database was away are saved once it is back (db/connection-faults.ts).
  const deferredWrites = createDeferredWrites(app.log.child({ component: 'deferred-writes' }));
  const posting = createPostingService({
    db,
    repository: postingRepository,
    sap: () => sapGateway,
    audit,
    timeZone: env.APP_TIMEZONE,
    concurrency: env.POSTING_CONCURRENCY,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    deferred: deferredWrites,
    log: app.log.child({ component: 'posting' }),
  });
  const kinds = createRecordKinds(postingRules, env.APP_TIMEZONE, records.ledgerAccount);
  // What the queue and the sweeper change on their own is audited as the system.
  const auditAsSystem = (event: string) => audit.record({ actor: SYSTEM_ACTOR, ip: '127.0.0.1' }, event.slice(0, 4000));
  const vasWorker = {
    repository: postingRepository,
    sap: () => sapGateway,
    rules: kinds.vas.rules as never,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    log: app.log.child({ component: 'vas-worker' }),
    audit: auditAsSystem,
  };
  // Rows a crashed process left in flight are resolved by a look-up in SAP (modules/posting/posting-sweeper.ts).
  const sweeper = createPostingSweeper({
    repository: postingRepository,
    sap: () => sapGateway,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    liveQueuedRecords: options.queue ? vasRecordsWithLiveJobs(db) : undefined,
    log: app.log.child({ component: 'posting-sweeper' }),
    audit: auditAsSystem,
  });

  registerAccessControl(app, sessions, apiTokens.verify, anonymousCsrf);
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, auth, env.SESSION_ABSOLUTE_HOURS * 3600);
  registerUserRoutes(app, usersService);
  registerRoleRoutes(app, rolesService);
  registerAuditRoutes(app, audit);
  registerImportRoutes(app, imports);
  registerSettingsRoutes(app, settings);
  registerAccountRoutes(app, accounts);
  registerRecordRoutes(app, {
    records,
    posting,
    kinds,
    timeZone: env.APP_TIMEZONE,
    enqueueVas: options.queue ? vasEnqueuer(options.queue) : undefined,
  });
  await registerSpa(app, options.webDistDir);

  // Expired sessions and old sign-in failures are pruned in the background.
  const pruner = setInterval(() => {
    Promise.all([sessions.pruneExpired(), throttle.prune()]).catch((err: unknown) => app.log.warn({ err }, 'Pruning failed'));
  }, 10 * 60_000);
  pruner.unref();
  // Totals of closed audit-tally windows (failed sign-ins, reset requests) are written within a minute or so.
  const tallyFlusher = setInterval(() => {
    auth.flushAuditTallies().catch((err: unknown) => app.log.warn({ err }, 'Writing the audit totals failed'));
  }, 60_000);
  tallyFlusher.unref();
  const stopSweeper = sweeper.start();
  app.addHook('onClose', async () => {
    clearInterval(pruner);
    clearInterval(tallyFlusher);
    await stopSweeper();
    deferredWrites.close();
    await mailer.close();
    await sap.close();
  });

  return Object.assign(app, { services: { imports, apiTokens, auth, users: usersService, roles: rolesService, audit, sessions, mailer, mailJobs: handleMailJob, sap, postingRules, settings, accounts, records, posting, postingRepository, vasWorker, sweeper } });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
