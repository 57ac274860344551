import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's output folder of content-hashed files: a changed file gets a new name, so it may be kept for good. */
const HASHED_ASSETS = `assets${sep}`;
export const CACHE_HASHED_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so a browser checks it again on every load (304 while unchanged). */
export const CACHE_INDEX_HTML = 'no-cache';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html and every other file revalidated on each
 * use, and any other GET that asks for HTML answered with index.html so client-side routes work. API misses
 * are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const hasSpa = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // send() would otherwise write its own `public, max-age=0` over the header set here.
      cacheControl: false,
      setHeaders: (res, path) => {
        const hashed = relative(distDir, path).startsWith(HASHED_ASSETS);
        res.setHeader('cache-control', hashed ? CACHE_HASHED_ASSET : CACHE_INDEX_HTML);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasSpa && wantsHtml && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', CACHE_INDEX_HTML).sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ message: `The resource ${request.method} ${request.url.split('?')[0]} does not exist.` });
  });
}
