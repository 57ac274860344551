import { performance } from 'node:perf_hooks';
import { sapOperationLabel } from '../lib/metrics.js';
import { fromReply, fromTransport, isSessionRejected, unreadableReply, type CallKind } from './classify.js';
import { assertIdentifier, resourceOf, withQuery, type ODataQuery } from './odata.js';
import { CLIENT_CODES, SapError } from './sap-error.js';
import { createSessionManager, type SapCredentials, type SapLogger } from './sap-session.js';
import {
  findDocumentByReference,
  readAllPages,
  type DocumentEntity,
  type DocumentKeys,
} from './service-layer-collections.js';
import type { CallOptions, ServiceLayerClientOptions } from './service-layer-options.js';
import { cookieHeader } from './session-cookies.js';
import { createDispatcher, exchange, TransportError, type Exchange, type Reply } from './transport.js';

export type { CredentialsProvider, SapCredentials, SapLogger } from './sap-session.js';
export type { CallOptions, SapCallObserver, ServiceLayerClientOptions } from './service-layer-options.js';
export { DOCUMENT_KEYS, type DocumentEntity, type DocumentKeys } from './service-layer-collections.js';

const silent: SapLogger = { debug() {}, info() {}, warn() {} };

/**
 * The one SAP Business One Service Layer client. Every call reads the credentials from the provider; the
 * session (B1SESSION + ROUTEID) is shared by all callers and logged in once; a call SAP answers with
 * "invalid session" (401 / code 301) logs in again and is retried once, which is safe for writes because
 * SAP rejects the session before it reads the body. Writes are never retried otherwise; reads are retried
 * once after a network error. Every failure is a SapError; see sap-error.ts and classify.ts for the kinds.
 */
export function createServiceLayerClient(options: ServiceLayerClientOptions) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const logger = options.logger ?? silent;
  const pageSize = options.pageSize ?? 100;
  const base = options.baseUrl
    ? new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)
    : undefined;
  const origin = base ? `${base.origin}${base.pathname.replace(/\/$/, '')}` : '(no SAP_SL_URL)';
  const ownsDispatcher = !options.dispatcher;
  const dispatcher = options.dispatcher ?? createDispatcher(options.caFile);

  /** SAP could not be used for this call, for a reason found on our side (no answer status). */
  const unavailable = (code: string, operation: string, message: string) =>
    new SapError({ kind: 'unavailable', status: null, code, operation, message });
  const notConfigured = (operation: string) =>
    unavailable(
      CLIENT_CODES.notConfigured,
      operation,
      'No SAP Business One Service Layer address is configured (SAP_SL_URL).',
    );

  /** Resolves a path or a next link against the base; never lets the session cookie leave the Service Layer. */
  function url(path: string): URL {
    if (!base) throw notConfigured(`GET ${resourceOf(path)}`);
    const resolved = new URL(path, base);
    if (resolved.origin !== base.origin || !resolved.pathname.startsWith(base.pathname)) {
      throw unavailable(
        CLIENT_CODES.unreadable,
        `GET ${resourceOf(path)}`,
        'SAP Business One answered with a link outside its Service Layer address; it was not followed.',
      );
    }
    return resolved;
  }

  const observer = options.observer;
  /** The observer's name of a call to `path` (relative to the base, or a next link). */
  function operationOf(method: string, path: string): string {
    let resource = resourceOf(path);
    const resolved = base && URL.parse(path, base.href);
    if (base && resolved?.origin === base.origin && resolved.pathname.startsWith(base.pathname))
      resource = resolved.pathname.slice(base.pathname.length);
    return sapOperationLabel(method, resource);
  }

  async function send(call: Omit<Exchange, 'timeoutMs'>, callTimeout = timeoutMs) {
    const started = performance.now();
    try {
      return await exchange(dispatcher, { ...call, timeoutMs: callTimeout });
    } finally {
      observer?.sapExchange(operationOf(call.method, call.url.href), (performance.now() - started) / 1000);
    }
  }
  const sessions = createSessionManager({
    send: (call) => send(call, call.timeoutMs ?? timeoutMs),
    url,
    origin,
    timeoutMs,
    credentials: options.credentials,
    logger,
  });

  type CallInit = { body?: unknown; headers?: Record<string, string>; options?: CallOptions | undefined };

  /** One call as its caller sees it; a failure is reported to the observer. */
  async function call(
    method: Exchange['method'],
    path: string,
    init: CallInit = {},
  ): Promise<{ reply: Reply; json: unknown }> {
    try {
      return await callOnce(method, path, init);
    } catch (error) {
      if (observer && error instanceof SapError) observer.sapFailure(operationOf(method, path), error.kind);
      throw error;
    }
  }

  async function callOnce(
    method: Exchange['method'],
    path: string,
    init: CallInit,
  ): Promise<{ reply: Reply; json: unknown }> {
    const kind: CallKind = method === 'GET' ? 'read' : 'write';
    const operation = `${method} ${resourceOf(path)}`;
    if (!base) throw notConfigured(operation);
    const target = url(path);
    const callTimeout = init.options?.timeoutMs ?? timeoutMs;
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    let relogged = false;
    let networkRetried = false;
    for (;;) {
      const session = await sessions.acquire(operation);
      const started = Date.now();
      let reply: Reply;
      try {
        reply = await send(
          {
            method,
            url: target,
            headers: {
              accept: 'application/json',
              cookie: cookieHeader(session.jar),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...init.headers,
            },
            ...(body === undefined ? {} : { body }),
            signal: init.options?.signal,
          },
          callTimeout,
        );
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        if (kind === 'read' && error.phase !== 'timeout' && !networkRetried) {
          networkRetried = true;
          logger.warn({ operation, code: error.code }, 'SAP read failed on the network; retrying once');
          continue;
        }
        const failure = fromTransport(error, kind, operation, origin, callTimeout);
        logger.warn({ sap: failure.toJSON(), ms: Date.now() - started }, 'SAP call failed');
        throw failure;
      }
      session.lastUsedAt = Date.now();
      logger.debug({ operation, status: reply.status, ms: Date.now() - started }, 'SAP call');
      if (isSessionRejected(reply) && !relogged) {
        relogged = true;
        sessions.invalidate(session);
        logger.info({ operation }, 'SAP session rejected; logging in again and retrying once');
        continue;
      }
      if (reply.status < 200 || reply.status >= 300) {
        const failure = fromReply(reply, kind, operation);
        logger.warn({ sap: failure.toJSON() }, 'SAP call failed');
        throw failure;
      }
      if (!reply.text.trim()) return { reply, json: undefined };
      try {
        return { reply, json: JSON.parse(reply.text) as unknown };
      } catch {
        const failure = unreadableReply(kind, operation, reply.status);
        logger.warn({ sap: failure.toJSON() }, 'SAP call failed');
        throw failure;
      }
    }
  }

  /** Every item of a collection (service-layer-collections.ts), `Prefer: odata.maxpagesize` on each page. */
  async function getAll<T>(
    path: string,
    query?: ODataQuery,
    options?: CallOptions & { pageSize?: number },
  ): Promise<T[]> {
    const size = options?.pageSize ?? pageSize;
    return readAllPages<T>(
      (next) => call('GET', next, { headers: { prefer: `odata.maxpagesize=${size}` }, options }),
      path,
      query,
    );
  }

  return {
    /** The Service Layer base URL, for messages; undefined when not configured. */
    baseUrl: base ? origin : undefined,

    /** GET one resource or one page of a collection. */
    async get<T = unknown>(path: string, query?: ODataQuery, options?: CallOptions): Promise<T> {
      return (await call('GET', withQuery(path, query), { options })).json as T;
    },

    /** Every item of a collection, following `odata.nextLink` / `@odata.nextLink`. */
    getAll,

    /**
     * Creates a document (or runs an action). Never retried, except once after SAP rejected the session.
     * On `outcome-unknown`, look the document up by its reference before posting it again.
     */
    async post<T = unknown>(path: string, body: unknown, options?: CallOptions): Promise<T> {
      return (await call('POST', path, { body, options })).json as T;
    },

    async patch(path: string, body: unknown, options?: CallOptions): Promise<void> {
      await call('PATCH', path, { body, options });
    },

    /**
     * Reversal (issue 11): SAP's own cancellation of a document, `POST <Entity>(<key>)/Cancel` (204). A write:
     * never retried; on `outcome-unknown` look the cancellation up before cancelling again.
     */
    async cancel(entity: DocumentEntity, key: number, options?: CallOptions): Promise<void> {
      if (!Number.isSafeInteger(key) || key <= 0) throw new Error(`Not a SAP document key: ${key}`);
      await call('POST', `${assertIdentifier(entity, 'Entity set')}(${key})/Cancel`, { options });
    },

    /**
     * The keys of the document whose reference field holds our idempotency key, or null when SAP has none.
     * Several matches (a reversal copies the references) answer the oldest, which is the original posting.
     */
    async findByReference<E extends DocumentEntity>(
      entity: E,
      field: string,
      key: string,
      options?: CallOptions,
    ): Promise<DocumentKeys<E> | null> {
      return findDocumentByReference(getAll, logger, { entity, field, key }, options);
    },

    /**
     * Logs in with the given credentials and out again, without touching the shared session: the
     * Test Connection button. Throws a SapError (`auth` with SAP's text, `unavailable`, `timeout`).
     */
    async testLogin(credentials: SapCredentials, options?: CallOptions) {
      if (!base) throw notConfigured('POST Login');
      const { session, version, sessionTimeoutMinutes } = await createSessionManager({
        send: (c) => send({ ...c, signal: options?.signal }, c.timeoutMs ?? options?.timeoutMs ?? timeoutMs),
        url,
        origin,
        timeoutMs: options?.timeoutMs ?? timeoutMs,
        credentials: async () => credentials,
        logger,
      }).login(credentials, 'test');
      await sessions.logout(session.jar);
      return { version, sessionTimeoutMinutes };
    },

    /** Logs the shared session out and closes the connection pool. */
    async close(): Promise<void> {
      await sessions.close();
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

export type ServiceLayerClient = ReturnType<typeof createServiceLayerClient>;
