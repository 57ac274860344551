import Fastify, { type FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';
import { registerControls } from './routes/controls.js';
import { registerServiceLayer, serviceLayerNotFound } from './routes/service-layer.js';

/**
 * The HTTP app. Bodies reach the handlers as raw text: Fastify's own JSON parser would answer malformed JSON
 * in its own shape, and SAP answers every failure in its error shape.
 */
export function buildApp(context: SimContext, options: { logger: boolean }): FastifyInstance {
  const app = Fastify({ logger: options.logger, routerOptions: { caseSensitive: true } });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  registerServiceLayer(app, context);
  registerControls(app, context);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/__sim')) {
      return reply
        .code(404)
        .send({ error: `Unknown simulator control ${request.method} ${request.url.split('?')[0]}` });
    }
    return serviceLayerNotFound(context, request.url, reply);
  });
  return app;
}
