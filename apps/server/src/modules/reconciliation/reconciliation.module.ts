import type { FastifyInstance } from 'fastify';
import type { AfterPostingDeps } from '../../after-posting-deps.js';
import { reconciliationEnqueuer } from '../../jobs/reconciliation.job.js';
import { createReconciliationRepository } from './reconciliation.repository.js';
import { registerReconciliationRoutesOn } from './reconciliation.routes.js';
import { createReconciliationService } from './reconciliation.service.js';

/** Reconciliation with SAP (issue 11): runs on the queue (or in the background without one), nightly, CLI. */
export function createReconciliationModule(deps: AfterPostingDeps) {
  return createReconciliationService({
    db: deps.db,
    repository: createReconciliationRepository(deps.db, deps.env.APP_TIMEZONE),
    sap: deps.sap,
    audit: deps.audit,
    notifier: deps.notifier,
    log: deps.log.child({ component: 'reconciliation' }),
    timeZone: deps.env.APP_TIMEZONE,
    enqueue: deps.queue ? reconciliationEnqueuer(deps.queue) : undefined,
    metrics: deps.metrics,
  });
}

export function registerReconciliationRoutes(
  app: FastifyInstance,
  module: ReturnType<typeof createReconciliationModule>,
) {
  registerReconciliationRoutesOn(app, module);
}
