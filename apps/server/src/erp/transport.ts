import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { rootCertificates } from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';

/**
 * One HTTP exchange with the Service Layer, and the one question that matters when it fails: could the
 * request have reached SAP?
 * - `not-sent`: the connection was never established (refused, unknown host, unreachable, connect timeout,
 *   TLS handshake refused), so SAP cannot have seen the request;
 * - `lost`: the connection broke after it was established (reset, closed before the reply): SAP may have
 *   received, and committed, the request;
 * - `timeout`: no complete reply within the time limit (or the caller aborted): SAP may still be working on it.
 */
export type TransportPhase = 'not-sent' | 'lost' | 'timeout';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly phase: TransportPhase,
    readonly code: string,
    cause: unknown,
  ) {
    super(`${phase}: ${code}`, { cause });
  }
}

/** Failures that happen before a single byte of the request is written. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  // TLS: the handshake failed, so no HTTP request was sent.
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

export const TLS_CODES = new Set(
  [...NOT_SENT_CODES].filter((c) => c.includes('CERT') || c.startsWith('ERR_SSL') || c.startsWith('UNABLE_')),
);

/** The first `code` along an error's cause chain (`TypeError: fetch failed` -> `ECONNREFUSED`). */
export function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'network';
}

export function classifyNetworkError(error: unknown): TransportError {
  const code = errorCode(error);
  return new TransportError(NOT_SENT_CODES.has(code) ? 'not-sent' : 'lost', code, error);
}

export type Reply = { status: number; headers: IncomingHttpHeaders; text: string };

export type Exchange = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
};

/** Sends one request and reads the whole reply within `timeoutMs`; throws TransportError on failure. */
export async function exchange(dispatcher: Dispatcher, call: Exchange): Promise<Reply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('Service Layer call timed out'));
  }, call.timeoutMs);
  const onCallerAbort = () => controller.abort(call.signal?.reason);
  if (call.signal?.aborted) onCallerAbort();
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      dispatcher,
      signal: controller.signal,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  } catch (error) {
    if (timedOut) throw new TransportError('timeout', 'timeout', error);
    if (controller.signal.aborted) throw new TransportError('timeout', 'aborted', error);
    throw classifyNetworkError(error);
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The connection pool to the Service Layer. Certificates are always verified (whatever
 * NODE_TLS_REJECT_UNAUTHORIZED says); SAP_CA_FILE adds the company CA to Node's public roots.
 */
export function createDispatcher(caFile?: string): Agent {
  const ca = caFile ? [...rootCertificates, readFileSync(caFile, 'utf8')] : undefined;
  return new Agent({ connect: { rejectUnauthorized: true, ...(ca ? { ca } : {}) } });
}
