import { CLIENT_CODES, parseErrorBody, SapError } from './sap-error.js';
import { TLS_CODES, type Reply, type TransportError } from './transport.js';

/**
 * How a failed call maps to a SapError kind. The rule for writes (any POST/PATCH/DELETE on a document,
 * i.e. everything but Login/Logout and GET):
 *
 *   outcome-unknown  = the request may have reached SAP and we hold no definite answer:
 *                      a timeout, a connection lost after it was established, a 5xx (or other non-2xx,
 *                      non-4xx) answer, or a 2xx whose body we cannot read;
 *   unavailable      = the request provably never reached SAP: the connection was never established
 *                      (refused, unknown host, unreachable, connect timeout, TLS handshake refused), or
 *                      SAP answered 408/429 (by HTTP semantics: not processed);
 *   business         = SAP answered 4xx: it validated the request and created nothing;
 *   auth             = 401 that survived one fresh login (SAP rejects a session before reading the body).
 *
 * Reads and Login never create documents, so their failures are `unavailable`, `timeout`, `auth` or
 * `business`, never `outcome-unknown`.
 */
export type CallKind = 'read' | 'write' | 'login';

const NETWORK_TEXT: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the Service Layer running?)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved right now',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection could not be established in time',
  ECONNRESET: 'the connection was reset',
  UND_ERR_SOCKET: 'the connection was closed before the reply arrived',
  EPIPE: 'the connection was closed while sending',
};

function describeNetwork(code: string): string {
  if (TLS_CODES.has(code)) {
    return `its TLS certificate was not accepted (${code}); set SAP_CA_FILE to the company CA certificate if SAP uses one`;
  }
  return NETWORK_TEXT[code] ?? `the connection failed (${code})`;
}

export function fromTransport(
  error: TransportError,
  kind: CallKind,
  operation: string,
  origin: string,
  timeoutMs: number,
): SapError {
  const base = { status: null, operation, cause: error };
  if (error.phase === 'timeout') {
    const waited =
      error.code === 'aborted'
        ? 'The call was cancelled'
        : `SAP Business One did not answer within ${Math.round(timeoutMs / 1000)} s`;
    if (kind === 'write') {
      return new SapError({
        ...base,
        kind: 'outcome-unknown',
        code: CLIENT_CODES.timeout,
        message: `${waited}; it is not known whether the document was created.`,
      });
    }
    return new SapError({ ...base, kind: 'timeout', code: CLIENT_CODES.timeout, message: `${waited}.` });
  }
  if (error.phase === 'lost' && kind === 'write') {
    return new SapError({
      ...base,
      kind: 'outcome-unknown',
      code: error.code,
      message: `The connection to SAP Business One at ${origin} broke after the request was sent (${describeNetwork(error.code)}); it is not known whether the document was created.`,
    });
  }
  return new SapError({
    ...base,
    kind: 'unavailable',
    code: error.code,
    message: `SAP could not be reached at ${origin}: ${describeNetwork(error.code)}.`,
  });
}

/** A reply that is not 2xx; the 401-relogin retry has already happened when this is called. */
export function fromReply(reply: Reply, kind: CallKind, operation: string): SapError {
  const parsed = parseErrorBody(reply.text);
  const status = reply.status;
  const code = parsed.code ?? `http-${status}`;
  const message = parsed.message ?? `SAP Business One answered HTTP ${status} without an error description.`;
  const base = { status, code, message, operation };
  if (status === 401) return new SapError({ ...base, kind: 'auth' });
  if (status === 408 || status === 429) return new SapError({ ...base, kind: 'unavailable' });
  if (status >= 400 && status < 500)
    return new SapError({ ...base, kind: kind === 'login' ? 'auth' : 'business' });
  return new SapError({ ...base, kind: kind === 'write' ? 'outcome-unknown' : 'unavailable' });
}

/** A 2xx whose body is not the JSON we expect. */
export function unreadableReply(kind: CallKind, operation: string, status: number): SapError {
  const write = kind === 'write';
  return new SapError({
    kind: write ? 'outcome-unknown' : 'unavailable',
    status,
    code: CLIENT_CODES.unreadable,
    operation,
    message: write
      ? 'SAP Business One accepted the request but its reply could not be read; it is not known whether the document was created.'
      : 'SAP Business One sent a reply that could not be read.',
  });
}

/** SAP's "session invalid or timed out": 401, or code 301 whatever the status. */
export function isSessionRejected(reply: Reply): boolean {
  if (reply.status === 401) return true;
  if (reply.status < 400) return false;
  return parseErrorBody(reply.text).code === '301';
}
