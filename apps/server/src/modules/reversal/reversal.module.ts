import type { FastifyInstance } from 'fastify';
import type { AfterPostingDeps } from '../../after-posting-deps.js';
import { SYSTEM_ACTOR } from '../../lib/audit-context.js';
import { createReversalRepository } from './reversal.repository.js';
import { registerReversalRoute } from './reversal.routes.js';
import { createReversalService } from './reversal.service.js';
import { createReversalSweeper } from './reversal-sweeper.js';
import { reversibility } from './reversibility.js';

export { reversibility, type Reversibility } from './reversibility.js';

/**
 * Reversal of a posting (issue 11): SAP's own Cancel, exactly once under lost replies and crashes, and the
 * record back in its list for its next generation. `startSweeper` settles reversals a dead process left.
 */
export function createReversalModule(deps: AfterPostingDeps & { settleMs?: number }) {
  const repository = createReversalRepository(deps.db);
  const log = deps.log.child({ component: 'reversal' });
  const service = createReversalService({
    db: deps.db,
    repository,
    audit: deps.audit,
    sap: deps.sap,
    notifier: deps.notifier,
    sapTimeoutMs: deps.env.SAP_TIMEOUT_MS,
    timeZone: deps.env.APP_TIMEZONE,
    log,
    ...(deps.settleMs === undefined ? {} : { settleMs: deps.settleMs }),
  });
  const sweeper = createReversalSweeper({
    db: deps.db,
    repository,
    sap: deps.sap,
    notifier: deps.notifier,
    sapTimeoutMs: deps.env.SAP_TIMEOUT_MS,
    log,
    audit: (event, tx) => deps.audit.record({ actor: SYSTEM_ACTOR, ip: '127.0.0.1' }, event, tx),
    metrics: deps.metrics,
  });
  return {
    service,
    sweeper,
    /** Whether a posting (kind: internal name or stored code) can be reversed now, and why not. */
    reversibility: (kind: string, recordId: number, generation: number) =>
      reversibility(deps.db, kind, recordId, generation),
    sweepOnce: (now?: Date) => sweeper.sweepOnce(now),
    startSweeper: (intervalMs?: number) => sweeper.start(intervalMs),
  };
}

export type ReversalModule = ReturnType<typeof createReversalModule>;

export function registerReversalRoutes(app: FastifyInstance, module: ReversalModule) {
  registerReversalRoute(app, module.service);
}
