import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@ff/contract';
import type { App } from '../app.js';

export type ClientOptions = {
  /** The client's address as the server's socket sees it (default 127.0.0.1). */
  remoteAddress?: string;
  /** Headers sent with every request, e.g. a user agent or X-Forwarded-For. */
  headers?: Record<string, string>;
};

export type ResponseCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
  expires?: Date;
};

export type TestResponse = {
  status: number;
  /** The parsed JSON body; the raw text when it is not JSON; null when empty. */
  body: any;
  text: string;
  headers: LightMyRequestResponse['headers'];
  cookies: ResponseCookie[];
};

export type RequestOptions = {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  /** A raw payload sent as is (with `headers` naming its content type). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the cookie jar on unsafe methods, like axios does (default true). */
  xsrf?: boolean;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser-like client on `app.inject`: keeps a cookie jar, and mirrors the readable XSRF-TOKEN cookie
 * into the X-XSRF-TOKEN header on unsafe methods, as the SPA's axios (`withXSRFToken`) does.
 */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: App,
    private readonly options: ClientOptions = {},
  ) {}

  get xsrfToken(): string | undefined {
    const raw = this.jar.get(CSRF_COOKIE);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  async request(options: RequestOptions): Promise<TestResponse> {
    const method = String(options.method).toUpperCase();
    const headers: Record<string, string> = { ...this.options.headers, ...options.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const explicitXsrf = Object.keys(headers).some((h) => h.toLowerCase() === CSRF_HEADER.toLowerCase());
    if (options.xsrf !== false && !explicitXsrf && UNSAFE.has(method) && this.xsrfToken)
      headers[CSRF_HEADER] = this.xsrfToken;
    let payload = options.payload;
    if (payload === undefined && options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: this.options.remoteAddress ?? '127.0.0.1',
    });
    const cookies = response.cookies as ResponseCookie[];
    for (const cookie of cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return {
      status: response.statusCode,
      body: parseBody(response.body),
      text: response.body,
      headers: response.headers,
      cookies,
    };
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'POST', url, body, ...(headers ? { headers } : {}) });
  patch = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request({ method: 'PATCH', url, body, ...(headers ? { headers } : {}) });

  /** `GET /sanctum/csrf-cookie`: what the SPA calls before signing in. */
  csrf = () => this.get('/sanctum/csrf-cookie');

  /** The SPA's sign-in: the csrf-cookie call, then `POST /login`; answers the login response. */
  async login(email: string, password: string): Promise<TestResponse> {
    await this.csrf();
    return this.post('/login', { email, password });
  }

  /** Signs in and fails loudly unless the server answered 204. */
  async signIn(email: string, password: string): Promise<void> {
    const response = await this.login(email, password);
    if (response.status !== 204)
      throw new Error(`Sign-in as ${email} failed: ${response.status} ${response.text}`);
  }

  /** The cookie with this name in a response. */
  static cookie(response: TestResponse, name: string): ResponseCookie | undefined {
    return response.cookies.find((c) => c.name === name);
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
