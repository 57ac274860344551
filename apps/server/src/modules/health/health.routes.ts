import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { createReadinessCheck } from './readiness.js';

// The probes' answers: for the orchestrator, not the web app, so they live here rather than in the contract.
const live = z.object({ status: z.literal('ok') }).describe('The process answers.');
const ready = z.object({ status: z.literal('ready') }).describe('The database answers.');
const unavailable = z
  .object({ status: z.literal('unavailable'), message: z.string() })
  .describe('The database is away or blocked; the message says why.');

/**
 * Liveness: the process answers (it never touches the database, so a database outage does not get the
 * process restarted). Readiness: the database answers within a short deadline (readiness.ts); 503 while it is
 * away or blocked, 200 again as soon as it is back, without a restart.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'public' as const };
  // A load balancer probes every few seconds from one address: a 429 would take a healthy node out of service.
  const config = { access, rateLimit: false as const };
  const readiness = createReadinessCheck(database);
  r.get('/health/live', { config, schema: { response: { 200: live } } }, async () => ({
    status: 'ok' as const,
  }));
  r.get(
    '/health/ready',
    { config, schema: { response: { 200: ready, 503: unavailable } } },
    async (_request, reply) => {
      const state = await readiness();
      if (state.ready) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'unavailable', message: state.reason });
    },
  );
}
