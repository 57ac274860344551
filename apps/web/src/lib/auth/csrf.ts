import { http } from '../api-client';
import { UserFacingError } from '../error-message';
import { releaseErrorToasts } from '../notify';

export class CsrfCookieError extends UserFacingError {
  constructor() {
    super('Could not start a secure session. Please reload the page and try again.');
    this.name = 'CsrfCookieError';
  }
}

/**
 * `GET /sanctum/csrf-cookie` (answers 204): starts a session and sets the XSRF-TOKEN cookie that every
 * POST must echo. Called before each sign-in call, since a visitor may not have a session yet.
 */
export async function fetchCsrfCookie(): Promise<void> {
  const response = await http.get('/sanctum/csrf-cookie');
  if (response.status !== 204) throw new CsrfCookieError();
}

/** A sign-in call at the site root (`/login`, `/forgot-password`, ...): the CSRF cookie first, then the POST. */
export async function postWithCsrf<T = unknown>(path: string, body: unknown): Promise<T> {
  // The user is acting on a sign-in page: its own failures must show again.
  releaseErrorToasts();
  await fetchCsrfCookie();
  const response = await http.post<T>(path, body);
  return response.data;
}
