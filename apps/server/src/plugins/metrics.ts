import type { FastifyInstance } from 'fastify';
import { UNMATCHED_ROUTE, type Metrics } from '../lib/metrics.js';

/** Where Prometheus scrapes. */
export const METRICS_URL = '/metrics';

/** What the plugin needs of the services' metrics (lib/metrics.ts). */
export type MetricsPort = Pick<Metrics, 'httpRequest' | 'exposition' | 'collectProcessMetrics'>;

/**
 * Prometheus metrics (issue 22, docs/operations.md "Metrics"), only when METRICS_TOKEN is set: every answer is timed
 * by method, route pattern (`/api/v1/postings/:id`, never the URL itself) and status, the process metrics are
 * collected, and `GET /metrics` answers the Prometheus text format to `Authorization: Bearer <METRICS_TOKEN>`
 * (plugins/access.ts checks it: 401 otherwise). No session, no CSRF, no audit entry, no rate limit: a scraper
 * calls every few seconds from one address, and a wrong token costs a hash. Without a token there is no route, so
 * `/metrics` answers as any unknown path does. Call it after registerAccessControl and before the other routes.
 */
export function registerMetrics(app: FastifyInstance, metrics: MetricsPort, token: string | undefined) {
  if (!token) return;
  metrics.collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    METRICS_URL,
    {
      config: { access: { auth: 'metricsToken' }, rateLimit: false },
      // The document describes the JSON API the web app and the import use; this is the operator's.
      schema: { hide: true },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics.exposition();
      return reply.type(contentType).send(text);
    },
  );
}
