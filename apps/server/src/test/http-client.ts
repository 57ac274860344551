import { CSRF_COOKIE, CSRF_HEADER } from '@ff/contract';
import { expect } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-server.js';

/**
 * Tests only: a browser's view of a server over real HTTP (fetch): a cookie jar, the XSRF header the SPA sends,
 * and the SPA's sign-in. `on` talks to another server with the same cookies (one browser, two API processes).
 */
export type HttpAnswer = { status: number; body: any };

export class HttpClient {
  constructor(
    readonly baseUrl: string,
    readonly jar = new Map<string, string>(),
  ) {}

  /** The same browser (cookies) talking to another server. */
  on(baseUrl: string) {
    return new HttpClient(baseUrl, this.jar);
  }

  get xsrfToken() {
    const raw = this.jar.get(CSRF_COOKIE);
    return raw === undefined ? undefined : decodeURIComponent(raw);
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown, options: { xsrf?: boolean } = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.jar.size) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET' && options.xsrf !== false && this.xsrfToken) headers[CSRF_HEADER] = this.xsrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(raw) || /expires=thu, 01 jan 1970/i.test(raw) || value === '')
        this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed } as HttpAnswer;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, options?: { xsrf?: boolean }) =>
    this.request('POST', path, body, options);

  /** The SPA's sign-in: GET /sanctum/csrf-cookie, then POST /login. */
  async signIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
    expect((await this.get('/sanctum/csrf-cookie')).status).toBe(204);
    const login = await this.post('/login', { email, password });
    expect(login.status).toBe(204);
    return this;
  }
}
