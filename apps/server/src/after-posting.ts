import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from './config/env.js';
import type { Db } from './db/client.js';
import type { Metrics } from './lib/metrics.js';
import type { Notifier } from './lib/notices.js';
import type { AuditService } from './modules/audits/audit.service.js';
import {
  createNotificationsModule,
  registerNotificationRoutes,
} from './modules/notifications/notifications.module.js';
import type { PostingRepository } from './modules/posting/posting.repository.js';
import type { SapGateway } from './modules/posting/sap-gateway.js';
import {
  createPostingHistoryModule,
  registerPostingHistoryRoutes,
} from './modules/posting-history/posting-history.module.js';
import {
  createPostingPeriodsModule,
  registerPostingPeriodsRoutes,
} from './modules/posting-periods/posting-periods.module.js';
import {
  createReconciliationModule,
  registerReconciliationRoutes,
} from './modules/reconciliation/reconciliation.module.js';
import { createReversalModule, registerReversalRoutes } from './modules/reversal/reversal.module.js';
import type { BoundKinds } from './modules/records/bound-kinds.js';
import type { Mailer } from './mail/mailer.js';

/** What every module after "Post to SAP" may use (services.ts builds it). */
export type AfterPostingDeps = {
  env: Env;
  db: Db;
  log: FastifyBaseLogger;
  audit: AuditService;
  mailer: Mailer;
  /** The pg-boss queue; undefined in one-off commands (then jobs run in the process or not at all). */
  queue: PgBoss | undefined;
  sap: () => SapGateway;
  postingRepository: PostingRepository;
  kinds: BoundKinds;
  /** The process's metrics (lib/metrics.ts): the reversal sweeper's settlements, reconciliation runs. */
  metrics: Metrics;
  /** Tells users (the bell, the digest): the notifications module's, silent until it is built. */
  notifier: Notifier;
};

/**
 * What happens after "Post to SAP" (issue 11), composed in one place: notifications first (everything else
 * tells users through them), then posting history, reversal, posting periods and reconciliation.
 */
export function createAfterPosting(deps: Omit<AfterPostingDeps, 'notifier'>) {
  const notifications = createNotificationsModule({ ...deps, notifier: undefined as never });
  const full: AfterPostingDeps = { ...deps, notifier: notifications.notifier };
  return {
    notifier: notifications.notifier,
    notifications,
    history: createPostingHistoryModule(full),
    reversal: createReversalModule(full),
    periods: createPostingPeriodsModule(full),
    reconciliation: createReconciliationModule(full),
  };
}

export type AfterPosting = ReturnType<typeof createAfterPosting>;

/** Their HTTP routes (app.ts). */
export function registerAfterPostingRoutes(app: FastifyInstance, modules: AfterPosting) {
  registerNotificationRoutes(app, modules.notifications);
  registerPostingHistoryRoutes(app, modules.history);
  registerReversalRoutes(app, modules.reversal);
  registerPostingPeriodsRoutes(app, modules.periods);
  registerReconciliationRoutes(app, modules.reconciliation);
}
