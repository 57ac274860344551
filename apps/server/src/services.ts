import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { createAccessServices } from './access-services.js';
import type { Env } from './config/env.js';
import { createLogger } from './config/logger.js';
import { sapPostingAccounts } from './config/sap-accounts.js';
import { arrayRowsQuery, type Database } from './db/client.js';
import { createDeferredWrites } from './db/connection-faults.js';
import { createPostingRules } from './modules/records/kinds/index.js';
import { createServiceLayerClient } from './erp/service-layer-client.js';
import { mailJobSender, type MailJobHandler } from './jobs/mail.job.js';
import { queueDepths, vasRecordsWithLiveJobs } from './jobs/queue.js';
import { vasEnqueuer } from './jobs/vas-posting.job.js';
import { SYSTEM_ACTOR } from './lib/audit-context.js';
import { createMetrics } from './lib/metrics.js';
import { createMailer } from './mail/mailer.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createLedgerAccountsRepository } from './modules/accounts/ledger-accounts.repository.js';
import { auditChainKey } from './modules/audits/audit-chain.js';
import { createAuditRepository } from './modules/audits/audit.repository.js';
import { createAuditService } from './modules/audits/audit.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { dashboardCounters as createDashboardCounters } from './modules/dashboard/dashboard-counters.js';
import { createApiTokensRepository } from './modules/imports/api-tokens.repository.js';
import { createApiTokensService } from './modules/imports/api-tokens.service.js';
import { createImportsRepository } from './modules/imports/imports.repository.js';
import { createImportsService } from './modules/imports/imports.service.js';
import { createAfterPosting } from './wire-after-posting.js';
import { createPostingRepository } from './modules/posting/posting.repository.js';
import { createPostingService } from './modules/posting/posting.service.js';
import { createPostingSweeper } from './modules/posting/posting-sweeper.js';
import { sapGatewayFor } from './erp/sap-gateway-adapter.js';
import { bindRecordKinds } from './modules/posting/bound-kinds.js';
import { createCurrencyRates } from './modules/posting/currency-rates.js';
import { createBranches } from './modules/posting/branch-rules.js';
import { createDimensionsSource } from './modules/posting/dimension-rules.js';
import { createDimensionsService } from './modules/dimensions/dimensions.js';
import { createPostingDefaultsService } from './modules/posting-defaults/posting-defaults.js';
import { createVatGroups } from './modules/records/kinds/shared/vat-groups.js';
import { createRecordsRepository } from './modules/records/records.repository.js';
import { createConnectionSettingsRepository } from './modules/settings/connection-settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createStoredSapCredentials, sapPasswordBox } from './modules/settings/stored-sap-credentials.js';
import { servicesLifecycle } from './services-lifecycle.js';

export type ServicesOptions = {
  /** Where the services log; by default JSON lines on stdout at LOG_LEVEL. */
  log?: FastifyBaseLogger | undefined;
  /** The pg-boss queue that mail and VAS posts go through; without it mail is sent in the background and VAS posts answer 503. */
  queue?: PgBoss | undefined;
};

/**
 * The composition root of everything but HTTP: repositories and services on one database, for the API
 * (app.ts puts routes on top), the queue worker (worker.ts) and the operator commands (cli.ts). Nothing runs
 * until `start()` (the pruning timers and the posting sweeper); `close()` stops that and closes the SAP client
 * and the mailer, once. The database and the queue belong to the caller, who closes them after.
 */
export function createServices(env: Env, database: Database, options: ServicesOptions = {}) {
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL });
  const { queue } = options;
  const { db } = database;
  // This instance's Prometheus registry (lib/metrics.ts): counted always, served by GET /metrics when METRICS_TOKEN
  // is set (plugins/metrics.ts). The queue's depth is read from pg-boss when scraped.
  const metrics = createMetrics();
  if (queue) metrics.sources.queues = () => queueDepths(queue);
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const audit = createAuditService(createAuditRepository(db, auditChainKey(env.APP_KEY)), env.APP_TIMEZONE, {
    rowCap: env.LIST_ROW_CAP,
  });
  // Mail and forgot-password requests go through the queue (jobs/mail.job.ts); without one, this process's background.
  const mailJobs = queue ? mailJobSender(queue) : undefined;
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    db,
    log,
    appKey: env.APP_KEY,
    sendDelivery: mailJobs && ((mailId, tx) => mailJobs({ kind: 'deliver', mailId }, tx)),
  });
  // Sign-in and the people who use the app: sessions, auth, users, roles, My Account (access-services.ts).
  const access = createAccessServices({ env, db, appUrl, audit, mailer, mailJobs });
  const { sessions, auth } = access;
  const handleMailJob: MailJobHandler = (job) =>
    job.kind === 'deliver' ? mailer.deliver(job.mailId) : auth.sendResetLink(job.email);
  // SAP Business One: one Service Layer client for everything; it reads the stored credentials (cached for a second).
  const connectionSettings = createConnectionSettingsRepository(db);
  const sapCredentials = createStoredSapCredentials(connectionSettings, sapPasswordBox(env.APP_KEY));
  const sap = createServiceLayerClient({
    baseUrl: env.SAP_SL_URL,
    timeoutMs: env.SAP_TIMEOUT_MS,
    caFile: env.SAP_CA_FILE,
    credentials: sapCredentials.read,
    logger: log.child({ component: 'sap' }),
    observer: metrics,
  });
  const postingAccounts = sapPostingAccounts(env);
  const postingRules = createPostingRules(postingAccounts);
  const settings = createSettingsService({
    db,
    repository: connectionSettings,
    credentials: sapCredentials,
    sap,
    audit,
    timeZone: env.APP_TIMEZONE,
  });
  const accounts = createAccountsService({
    db,
    repository: createLedgerAccountsRepository(db),
    sap,
    postingAccounts,
    audit,
  });

  // Trip records in: the transport management system's import API (Bearer API tokens).
  const apiTokens = createApiTokensService({
    db,
    tokens: createApiTokensRepository(db),
    audit,
    timeZone: env.APP_TIMEZONE,
  });
  const imports = createImportsService({
    db,
    timeZone: env.APP_TIMEZONE,
    imports: createImportsRepository(db),
    audit,
  });

  // Trip records out: the lists still to post, and posting them to SAP exactly once (VAS through the queue).
  const records = createRecordsRepository(db, env.APP_TIMEZONE, arrayRowsQuery(database));
  const postingRepository = createPostingRepository(db);
  const sapGateway = sapGatewayFor(sap);
  // SAP's local currency and daily rates, for records in another currency (issue 25).
  const rates = createCurrencyRates({ sap: () => sapGateway });
  // The dashboard's figures of every kind, from the running totals the record tables' triggers keep (issue 30);
  // amounts per currency.
  const dashboardCounters = createDashboardCounters(db, env.APP_TIMEZONE);
  const dashboard = createDashboardRepository(
    db,
    env.APP_TIMEZONE,
    () => rates.known(),
    dashboardCounters.definition.hash,
  );
  // Outcomes SAP gave while the database was away are saved once it is back (db/connection-faults.ts).
  const deferredWrites = createDeferredWrites(log.child({ component: 'deferred-writes' }));
  const posting = createPostingService({
    metrics,
    db,
    repository: postingRepository,
    sap: () => sapGateway,
    audit,
    timeZone: env.APP_TIMEZONE,
    concurrency: env.POSTING_CONCURRENCY,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    deferred: deferredWrites,
    log: log.child({ component: 'posting' }),
    // SAP's posting periods (modules/posting-periods): a row in a locked or closing period is refused before SAP.
    periods: (options) => afterPosting.periods.forClaims(options),
  });
  // Settings > Dimensions: the rules that choose a record's SAP distribution rules (cost centres).
  const dimensions = createDimensionsService({ db, audit });
  // Settings > Posting defaults: the default VAT group of a sales invoice line (after the record's and the customer's).
  const postingDefaults = createPostingDefaultsService({
    db,
    audit,
    sap: () => sapGateway,
    timeZone: env.APP_TIMEZONE,
  });
  const kinds = bindRecordKinds({
    db,
    accounts: postingAccounts,
    timeZone: env.APP_TIMEZONE,
    ledgers: records.ledgerAccount,
    vat: createVatGroups({ sap: () => sapGateway, defaultGroup: () => postingDefaults.vatGroup() }),
    rates,
    branches: createBranches({ sap: () => sapGateway }),
    dimensions: createDimensionsSource({ read: () => dimensions.read(), sap: () => sapGateway }),
  });
  // After "Post to SAP": notifications, posting history, reversal, posting periods, reconciliation (wire-after-posting.ts).
  const afterPosting = createAfterPosting({
    env,
    db,
    log,
    audit,
    mailer,
    queue,
    sap: () => sapGateway,
    postingRepository,
    kinds,
    metrics,
  });
  // The last reconciliation of each trigger, read from the database when scraped.
  metrics.sources.reconciliations = () => afterPosting.reconciliation.lastFinished();

  // What the queue and the sweeper change on their own is audited as the system.
  const auditAsSystem = (event: string) =>
    audit.record({ actor: SYSTEM_ACTOR, ip: '127.0.0.1' }, event.slice(0, 4000));
  const vasWorker = {
    repository: postingRepository,
    sap: () => sapGateway,
    rules: kinds.vasTransaction.rules,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    log: log.child({ component: 'vas-worker' }),
    audit: auditAsSystem,
    notifier: afterPosting.notifier,
    metrics,
  };
  // Rows a crashed process left in flight are resolved by a look-up in SAP (modules/posting/posting-sweeper.ts).
  const sweeper = createPostingSweeper({
    repository: postingRepository,
    sap: () => sapGateway,
    sapTimeoutMs: env.SAP_TIMEOUT_MS,
    liveQueuedRecords: queue ? vasRecordsWithLiveJobs(db) : undefined,
    log: log.child({ component: 'posting-sweeper' }),
    audit: auditAsSystem,
    notifier: afterPosting.notifier,
    metrics,
  });

  const lifecycle = servicesLifecycle(log, {
    tasks: [
      // Expired sessions and old sign-in failures are pruned every ten minutes.
      {
        everyMs: 10 * 60_000,
        failure: 'Pruning failed',
        run: () => Promise.all([sessions.pruneExpired(), access.throttle.prune()]),
      },
      // Totals of closed audit-tally windows (failed sign-ins, reset requests) are written within a minute or so.
      { everyMs: 60_000, failure: 'Writing the audit totals failed', run: () => auth.flushAuditTallies() },
      // The dashboard's running totals are folded into one row per day and currency once enough have been appended.
      {
        everyMs: 30_000,
        failure: 'Compacting the dashboard totals failed',
        run: () => dashboardCounters.compact(),
      },
    ],
    // The posting sweeper, the reversal sweeper and the notification digest run until close().
    workers: [
      () => sweeper.start(),
      () => afterPosting.reversal.startSweeper(),
      () => afterPosting.notifications.startDigest(),
    ],
    // Then what this process opened goes: the deferred writes, the mailer, the SAP client.
    closers: [() => deferredWrites.close(), () => mailer.close(), () => sap.close()],
  });

  return {
    env,
    database,
    log,
    /** The Prometheus metrics of this instance (lib/metrics.ts). */
    metrics,
    appUrl,
    sessions,
    anonymousCsrf: access.anonymousCsrf,
    imports,
    apiTokens,
    auth,
    /** My Account and the security settings (modules/my-account). */
    myAccount: access.myAccount,
    users: access.users,
    roles: access.roles,
    audit,
    mailer,
    mailJobs: handleMailJob,
    sap,
    postingRules,
    settings,
    accounts,
    records,
    dimensions,
    postingDefaults,
    dashboard,
    /** The dashboard's running totals: installed at start-up (buildApp, the worker, `migrate`), compacted, checked. */
    dashboardCounters,
    /** SAP's local currency and daily rates (issue 25): the posts' and the posting-date picker's. */
    rates,
    kinds,
    posting,
    postingRepository,
    afterPosting,
    /** What the VAS queue's worker needs (jobs/vas-worker.ts). */
    vasWorker,
    sweeper,
    /** Enqueues VAS posts on the queue; undefined without one. */
    enqueueVas: queue ? vasEnqueuer(queue) : undefined,
    /** Starts the background work: the pruning and audit-total timers, the sweepers and the digest. */
    start: lifecycle.start,
    /** Stops the background work and closes the SAP client and the mailer; later calls wait for the first. */
    close: lifecycle.close,
  };
}

export type Services = ReturnType<typeof createServices>;
