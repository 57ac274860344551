import type { FastifyInstance } from 'fastify';
import type { AfterPostingDeps } from './after-posting-deps.js';
import {
  createNotificationsModule,
  registerNotificationRoutes,
} from './modules/notifications/notifications.module.js';
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
