import { CSRF_COOKIE, CSRF_HEADER } from '@ff/contract/plain';

/**
 * Two fetch clients: `http` for the sign-in calls at the site root and `api` for /api/v1.
 * Both send cookies, ask for JSON and mirror the XSRF-TOKEN cookie into X-XSRF-TOKEN (Sanctum convention).
 * A status outside 2xx rejects with an `HttpError` carrying the answer; no answer at all rejects with an
 * `HttpError` without one. No timeout (docs/spec/product-spec.md section 7). Nothing here touches the UI: screens decide what to show.
 */

/** What the server answered: the status and the body (parsed JSON, else the text, '' when empty). */
export interface HttpResponse<T> {
  status: number;
  data: T;
}

/** A call that failed: `response` is the server's answer, or undefined when the server could not be reached. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly response?: HttpResponse<unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  /** Query parameters; undefined and null ones are left out. */
  params?: object;
}

/** The cookie's value as the server set it (URL-decoded), or undefined. */
function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  if (entry === undefined) return undefined;
  const value = entry.slice(prefix.length);
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function withQuery(url: string, params: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(
  base: string,
  method: string,
  url: string,
  body: unknown,
  options?: RequestOptions,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie(CSRF_COOKIE);
  if (token !== undefined) headers[CSRF_HEADER] = token;
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const target = withQuery(`${base}${url}`, options?.params);

  let answer: Response;
  try {
    answer = await fetch(target, init);
  } catch (error) {
    throw new HttpError(`${method} ${target} got no answer`, undefined, { cause: error });
  }
  const response: HttpResponse<unknown> = { status: answer.status, data: parseBody(await answer.text()) };
  if (answer.status === 401) sessionRefused?.();
  if (answer.status < 200 || answer.status >= 300) {
    throw new HttpError(`${method} ${target} answered ${answer.status}`, response);
  }
  // Our own server's answer, trusted to match its contract type (the contract is shared with it).
  return response as HttpResponse<T>;
}

let sessionRefused: (() => void) | undefined;

/**
 * Called when a call (either client) is answered 401: the server no longer accepts this browser's session
 * (it ended in another tab, expired, or the account was disabled). Called before the call's promise
 * rejects, so the app has ended the session (and held back its error toasts) before any screen handles the
 * failure, however the screen wraps it. The handler decides whether anyone was signed in.
 */
export function onSessionRefused(handler: (() => void) | undefined): void {
  sessionRefused = handler;
}

function createClient(base: string) {
  return {
    get: <T = unknown>(url: string, options?: RequestOptions) =>
      request<T>(base, 'GET', url, undefined, options),
    post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>(base, 'POST', url, body, options),
    patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>(base, 'PATCH', url, body, options),
    put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>(base, 'PUT', url, body, options),
    delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>(base, 'DELETE', url, body, options),
  };
}

export const http = createClient('');
export const api = createClient('/api/v1');

/** The server's `message`, if the failure carried one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
  }
  return undefined;
}

/** Field errors from a 422 body: `{errors: {field: [message, ...]}}`, first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof HttpError) {
    const data: unknown = error.response?.data;
    if (
      data &&
      typeof data === 'object' &&
      'errors' in data &&
      data.errors &&
      typeof data.errors === 'object'
    ) {
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(data.errors as Record<string, unknown>)) {
        if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
        else if (typeof messages === 'string') out[field] = messages;
      }
      return out;
    }
  }
  return {};
}

/**
 * Server field errors placed on a form's fields: `fieldOf` names the form field a server field lands on
 * (undefined: none), and a form field shows the first message it gets.
 */
export function toFormFieldErrors<F extends string>(
  serverErrors: Record<string, string>,
  fieldOf: (serverField: string) => F | undefined,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [serverField, message] of Object.entries(serverErrors)) {
    const field = fieldOf(serverField);
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

export function httpStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.response?.status : undefined;
}
