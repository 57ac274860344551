import {
  expect,
  request as playwrightRequest,
  type APIRequest,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './env';
import { waitForMailLink } from './mailbox';

export type Credentials = { email: string; password: string };

/** The password link in a mail (invites and resets): `APP_URL/password-reset/{token}?email=...`. */
export const PASSWORD_LINK = /(https?:\/\/[^\s"<>]+\/password-reset\/[^\s"<>]+)/;

/** A short random suffix for unique e-mails and role names (specs share one server). */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The server's answer to a wrong e-mail or password. */
export const CREDENTIALS_FAILED = 'These credentials do not match our records.';

/** Types an e-mail and a password into the login form (without submitting it). */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
}

const credentialsOf = (who: string | Credentials, password?: string): Credentials =>
  typeof who === 'string' ? { email: who, password: password ?? '' } : who;

/**
 * Signs in through the login form and waits for the dashboard (the specs whose subject is the form itself or
 * what the browser does on the way: the console during sign-in).
 */
export async function signInThroughForm(
  page: Page,
  who: string | Credentials = E2E_ADMIN,
  password?: string,
): Promise<void> {
  const creds = credentialsOf(who, password);
  await page.goto('/login');
  await fillLogin(page, creds.email, creds.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Signs in the way the SPA's form does on the wire (GET /sanctum/csrf-cookie, POST /login with X-XSRF-TOKEN,
 * from the page's own cookie jar), then opens the dashboard and waits for it: the state `signInThroughForm`
 * leaves, a second or more sooner per test (the form itself is proven by auth.spec.ts and console-errors).
 * Either `signIn(page, email, password)` or `signIn(page, { email, password })`; no credentials = the admin.
 */
export async function signIn(
  page: Page,
  who: string | Credentials = E2E_ADMIN,
  password?: string,
): Promise<void> {
  const creds = credentialsOf(who, password);
  const csrf = await page.request.get('/sanctum/csrf-cookie');
  expect(csrf.status(), 'GET /sanctum/csrf-cookie').toBe(204);
  const login = await page.request.post('/login', {
    headers: await xsrfHeaders(page.context()),
    data: { email: creds.email, password: creds.password },
  });
  expect(login.status(), `POST /login as ${creds.email}: ${await login.text()}`).toBe(204);
  // Signed in (204): the app opens on the Dashboard. The shell (its header) is waited for, the Dashboard's figures
  // and charts are not: most tests go on to a screen of their own, and those that use the Dashboard wait for it.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Signs the administrator in (see `signIn`). */
export const signInAsAdmin = (page: Page) => signIn(page, E2E_ADMIN);

/** Headers for unsafe API calls from a signed-in context: the XSRF-TOKEN cookie mirrored into X-XSRF-TOKEN. */
export async function xsrfHeaders(
  context: BrowserContext | APIRequestContext,
): Promise<Record<string, string>> {
  const cookies = 'newPage' in context ? await context.cookies() : (await context.storageState()).cookies;
  const cookie = cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('No XSRF-TOKEN cookie: call /sanctum/csrf-cookie (or sign in) first.');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value), Accept: 'application/json' };
}

/** Calls the API as the signed-in user of `page` and returns the parsed body (fails the test on an HTTP error). */
export async function apiCall<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const request: APIRequestContext = page.request;
  const headers = method === 'GET' ? { Accept: 'application/json' } : await xsrfHeaders(page.context());
  const response = await request.fetch(`/api/v1${path}`, { method, headers, data });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

/**
 * A request from an API context to `path` as given (site-root auth calls such as /login, /logout), with the
 * XSRF header read from the context's cookies on unsafe methods. For `/api/v1/...` use `api()`.
 */
export async function rawFetch(
  ctx: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const headers = method === 'GET' ? { Accept: 'application/json' } : await xsrfHeaders(ctx);
  return ctx.fetch(path, { method, headers, data });
}

/** `/api/v1{path}` from an API context; fails the test on an HTTP error and returns the parsed body. */
export async function api<T = unknown>(
  ctx: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await rawFetch(ctx, method, `/api/v1${path}`, data);
  expect(
    response.ok(),
    `${method} /api/v1${path} answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  return (await response.json()) as T;
}

/**
 * A Playwright API context signed in as `email` the way the SPA does it: GET /sanctum/csrf-cookie, then
 * POST /login with the X-XSRF-TOKEN header. `source` is a base URL, Playwright's `request` factory, or nothing
 * (the e2e server). Dispose the context when done.
 */
export async function apiSession(
  source: string | APIRequest | undefined,
  email: string = E2E_ADMIN.email,
  password: string = E2E_ADMIN.password,
): Promise<APIRequestContext> {
  const baseURL = typeof source === 'string' ? source : E2E_BASE_URL;
  const factory = source && typeof source !== 'string' ? source : playwrightRequest;
  const ctx = await factory.newContext({ baseURL, extraHTTPHeaders: { Accept: 'application/json' } });
  const csrf = await ctx.get('/sanctum/csrf-cookie');
  expect(csrf.status(), 'GET /sanctum/csrf-cookie').toBe(204);
  const login = await rawFetch(ctx, 'POST', '/login', { email, password });
  expect(login.status(), `POST /login as ${email}: ${await login.text()}`).toBe(204);
  return ctx;
}

/** An API context signed in as the administrator. */
export const adminApiSession = (source?: string | APIRequest) =>
  apiSession(source, E2E_ADMIN.email, E2E_ADMIN.password);

export type RoleRecord = { id: number; name: string; permissions: string[]; isActive: boolean };
export type UserRecord = {
  id: number;
  name: string;
  email: string;
  mobileNo: string;
  role: string | string[];
  isActive: boolean;
};

/** POST /api/v1/roles as the signed-in user of `ctx`. */
export const createRoleViaApi = (ctx: APIRequestContext, name: string, permissions: string[]) =>
  api<RoleRecord>(ctx, 'POST', '/roles', { name, permissions });

/** POST /api/v1/users as the signed-in user of `ctx` (the server mails the new user a set-password link). */
export const createUserViaApi = (
  ctx: APIRequestContext,
  user: { name: string; email: string; mobileNo?: string; role: string },
) => api<UserRecord>(ctx, 'POST', '/users', { mobileNo: '+254712345678', ...user });

/**
 * Reads the newest password link mailed to `email` and sets `password` with it: through the Reset Password
 * page when given a Page (ends on /login), or with POST /reset-password when given an API context.
 * Returns the link that was used.
 */
export async function setPasswordFromInvite(
  target: Page | APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const link = await waitForMailLink(email, PASSWORD_LINK);
  if ('goto' in target) {
    await target.goto(link);
    await target.getByRole('textbox', { name: 'New Password' }).fill(password);
    await target.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
    await target.getByRole('button', { name: 'Submit' }).click();
    await expect(target).toHaveURL(/\/login$/);
    return link;
  }
  const url = new URL(link);
  const token = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const csrf = await target.get('/sanctum/csrf-cookie');
  expect(csrf.status(), 'GET /sanctum/csrf-cookie').toBe(204);
  const response = await rawFetch(target, 'POST', '/reset-password', {
    token,
    email: url.searchParams.get('email') ?? email,
    password,
    password_confirmation: password,
  });
  expect(response.status(), `POST /reset-password: ${await response.text()}`).toBe(200);
  return link;
}

/**
 * Creates a role with the given permissions and a user holding it (as the signed-in administrator of
 * `adminPage`), then sets the new user's password through the e-mailed link in a separate page.
 */
export async function createUserWithRole(
  adminPage: Page,
  {
    roleName,
    permissions,
    email,
    password,
  }: { roleName: string; permissions: string[]; email: string; password: string },
): Promise<Credentials> {
  await apiCall(adminPage, 'POST', '/roles', { name: roleName, permissions });
  await apiCall(adminPage, 'POST', '/users', {
    name: 'E2E Limited User',
    email,
    mobileNo: '+254712345678',
    role: roleName,
  });
  const page = await adminPage.context().browser()!.newPage();
  try {
    await setPasswordFromInvite(page, email, password);
  } finally {
    await page.close();
  }
  return { email, password };
}

/**
 * A role + user + password in one go through the API (no browser): returns the user's credentials.
 * `ctx` must be signed in as someone who may manage roles and users.
 */
export async function createSignedUpUser(
  ctx: APIRequestContext,
  {
    roleName,
    permissions,
    name = 'E2E User',
    email,
    password,
  }: {
    roleName: string;
    permissions: string[];
    name?: string;
    email: string;
    password: string;
  },
): Promise<Credentials & { user: UserRecord; role: RoleRecord }> {
  const role = await createRoleViaApi(ctx, roleName, permissions);
  const user = await createUserViaApi(ctx, { name, email, role: roleName });
  const anon = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    await setPasswordFromInvite(anon, email, password);
  } finally {
    await anon.dispose();
  }
  return { email, password, user, role };
}
