import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { createReadinessCheck } from './readiness.js';

/**
 * Liveness: the process answers (it never touches the database, so a database outage does not get the
 * process restarted). Readiness: the database answers within a short deadline (readiness.ts); 503 while it is
 * away or blocked, 200 again as soon as it is back, without a restart.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  const access = { auth: 'public' as const };
  const readiness = createReadinessCheck(database);
  app.get('/health/live', { config: { access } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { access } }, async (_request, reply) => {
    const state = await readiness();
    if (state.ready) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable', message: state.reason });
  });
}
