/**
 * One error type for everything that can go wrong talking to the Service Layer.
 *
 * `kind` answers the only question a caller must get right: was the document created?
 * - `business`: SAP answered and refused (4xx). Nothing was created; `message` is SAP's text, safe to show.
 * - `auth`: the session could not be established (wrong credentials, none configured, password unreadable).
 *   Nothing was sent past Login.
 * - `unavailable`: SAP could not be reached or failed, and nothing was written: a read (GET, Login) that got
 *   a network error or a 5xx, or a write whose request provably never reached SAP (see `provablyNotSent`).
 * - `timeout`: a read that took longer than the client's timeout. Nothing was written.
 * - `outcome-unknown`: a write that SAP may have committed and whose answer we did not get or could not read
 *   (timeout, connection closed after it was sent, a 5xx, an unreadable 2xx). The caller must not post again
 *   before looking the document up by its reference (`findByReference`).
 */
export type SapErrorKind = 'business' | 'auth' | 'unavailable' | 'timeout' | 'outcome-unknown';

/**
 * What a failed call says about the connection, in the words a finance user needs: SAP answered and refused
 * the login, SAP could not be reached (network, timeout, 5xx), or no connection is set up. Null for answers
 * about a document (a business refusal, an unknown outcome): the connection itself worked.
 */
export type SapConnectionProblem = 'login-refused' | 'unreachable' | 'not-configured';

/** The opening words of every failure that is a refused login or an unreachable SAP (issue 12). */
export const SAP_FAILURE_TEXT = {
  loginRefused: 'SAP refused the login (check the user and password in Settings)',
  unreachable: 'SAP could not be reached',
} as const;

export class SapError extends Error {
  override readonly name = 'SapError';
  /** The HTTP status SAP answered, or null when no answer came. */
  readonly status: number | null;
  /** SAP's error code as a string (`-2028`, `301`, `100000027`), or ours for failures without one. */
  readonly code: string;
  readonly kind: SapErrorKind;
  /** `POST JournalEntries`: what was being called (never the query string, body or cookies). */
  readonly operation: string;

  constructor(init: {
    kind: SapErrorKind;
    status: number | null;
    code: string;
    message: string;
    operation: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
  }

  /** True when the caller knows for certain that no document was created by the failed call. */
  get nothingWritten(): boolean {
    return this.kind !== 'outcome-unknown';
  }

  /** Refused login, unreachable, not set up; null when SAP answered about the document itself. */
  get connectionProblem(): SapConnectionProblem | null {
    if (this.code === CLIENT_CODES.notConfigured) return 'not-configured';
    if (this.kind === 'auth') return 'login-refused';
    if (this.kind === 'unavailable' || this.kind === 'timeout') return 'unreachable';
    return null;
  }

  /**
   * The message for people (posting rows, toasts, the connection test): a refused login and an unreachable
   * SAP each open with their own words and then give SAP's (or the network's) detail; everything else is
   * `message` as it is.
   */
  get userMessage(): string {
    const detail = this.message.replace(/\.$/, '');
    switch (this.connectionProblem) {
      case 'login-refused':
        return `${SAP_FAILURE_TEXT.loginRefused}. SAP answered: ${detail}.`;
      case 'unreachable':
        if (this.message.startsWith(SAP_FAILURE_TEXT.unreachable)) return this.message;
        return this.status === null
          ? `${SAP_FAILURE_TEXT.unreachable}: ${detail}.`
          : `${SAP_FAILURE_TEXT.unreachable}: it answered HTTP ${this.status} (${detail}).`;
      default:
        return this.message;
    }
  }

  /** For logs: everything but the stack; contains no credentials or session ids. */
  toJSON() {
    return {
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      operation: this.operation,
    };
  }
}

export const isSapError = (value: unknown): value is SapError => value instanceof SapError;

/** Our own codes, for failures SAP did not describe. */
export const CLIENT_CODES = {
  notConfigured: 'not-configured',
  timeout: 'timeout',
  unreadable: 'unreadable-reply',
  network: 'network',
} as const;

export type ParsedErrorBody = { code: string | null; message: string | null };

const MAX_TEXT = 300;

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string')
    return value.value.trim() || null;
  return null;
}

function codeOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** A short plain-text version of a non-JSON body (an HTML error page from a proxy, a bare sentence). */
function plainText(body: string): string | null {
  const text = body
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/**
 * Every error body seen in the wild:
 * v1 `{"error":{"code":-2028,"message":{"lang":"en-us","value":"..."}}}`,
 * v2 `{"error":{"code":"-2028","message":"..."}}`, mixed variants, `{"message": "..."}`, and non-JSON text.
 */
export function parseErrorBody(body: string): ParsedErrorBody {
  let json: unknown;
  try {
    json = body.trim() ? JSON.parse(body) : undefined;
  } catch {
    return { code: null, message: plainText(body) };
  }
  if (!json || typeof json !== 'object')
    return { code: null, message: typeof json === 'string' ? plainText(json) : null };
  const record = json as Record<string, unknown>;
  const error = record.error ?? record['odata.error'];
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    return { code: codeOf(e.code), message: textOf(e.message) };
  }
  if (typeof error === 'string') return { code: null, message: plainText(error) };
  return { code: codeOf(record.code), message: textOf(record.message) };
}
