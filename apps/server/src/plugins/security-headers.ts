import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * helmet defaults with a strict CSP for the SPA: scripts only from our origin (no inline scripts).
 * Mantine sets inline style attributes and injects CSS variables, so styles allow 'unsafe-inline'.
 * HSTS is sent only over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    hsts: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
