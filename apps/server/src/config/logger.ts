import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import { requestLogSerializer } from '../lib/request-log.js';

/** How a process logs: pino options (`stream` among them to capture the lines), true for the defaults, false for nothing. */
export type LogSettings = NonNullable<FastifyServerOptions['logger']>;

/**
 * The process's pino logger (JSON lines on stdout unless a `stream` is given). The services log through it,
 * and so does the HTTP app (Fastify's `loggerInstance`), whose request lines show the URL without the reset
 * token of a password link (lib/request-log.ts).
 */
export function createLogger(settings: LogSettings): FastifyBaseLogger {
  if (settings === false) return pino({ level: 'silent' }, { write: () => undefined });
  const { stream, serializers, ...options } =
    settings === true ? {} : (settings as Exclude<LogSettings, boolean>);
  return pino(
    { ...options, serializers: { req: requestLogSerializer, ...serializers } } as LoggerOptions,
    stream as DestinationStream | undefined,
  );
}
