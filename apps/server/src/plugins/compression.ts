import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers for clients that accept it: JSON (streamed full lists included), the OpenAPI document and
 * the SPA's files, with brotli (quality 4: fast enough to do per request) or gzip; zstd is left out so that an
 * answer is the same whichever Node runs the server. The plugin hooks each route as it is added, so this must
 * be registered before every route and before @fastify/static. Request bodies are not inflated: the API takes
 * plain JSON up to the body limit, and a compressed upload would get past that limit's intent.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
