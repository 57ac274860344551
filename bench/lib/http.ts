import { ADMIN } from './database.js';

/** A cookie jar session against one server, signed in the SPA's way (docs/design/auth-contract.md). */
export type Session = {
  baseUrl: string;
  cookies: Map<string, string>;
  cookieHeader(): string;
  xsrf(): string;
};

function absorb(jar: Map<string, string>, response: Response) {
  for (const raw of response.headers.getSetCookie()) {
    const [pair] = raw.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    if (/max-age=0/i.test(raw) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** GET /sanctum/csrf-cookie, then POST /login with X-XSRF-TOKEN: the session cookie to pass to load generators. */
export async function signIn(baseUrl: string, credentials = ADMIN): Promise<Session> {
  const cookies = new Map<string, string>();
  const session: Session = {
    baseUrl,
    cookies,
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: () => decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
  };
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`, { headers: { accept: 'application/json' } });
  if (csrf.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${csrf.status}`);
  absorb(cookies, csrf);
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: session.cookieHeader(),
      'x-xsrf-token': session.xsrf(),
    },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 204) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
  absorb(cookies, login);
  return session;
}

/** A JSON call as the SPA makes it (cookies, XSRF header on unsafe methods). */
export async function call<T = any>(
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T; bytes: number }> {
  const response = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      cookie: session.cookieHeader(),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', 'x-xsrf-token': session.xsrf() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  absorb(session.cookies, response);
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    bytes: Buffer.byteLength(text),
  };
}

/** What the import API answers for one call. */
export type ImportReport = { received: number; inserted: number; rejected: unknown[] };

/**
 * One call of the import API (POST /api/v1/import/sales-invoices with a Bearer token), `body` the rows'
 * JSON, serialised beforehand; throws on any answer but 200.
 */
export async function importCall(baseUrl: string, token: string, body: string): Promise<ImportReport> {
  const response = await fetch(`${baseUrl}/api/v1/import/sales-invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const report = (await response.json()) as ImportReport;
  if (response.status !== 200)
    throw new Error(`Import answered ${response.status}: ${JSON.stringify(report).slice(0, 500)}`);
  return report;
}
