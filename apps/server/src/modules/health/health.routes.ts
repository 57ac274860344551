import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

/** Liveness: the process answers. Readiness: the database answers too. */
export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  const access = { auth: 'public' as const };
  app.get('/health/live', { config: { access } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { access } }, async (_request, reply) => {
    try {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
