import axios, { AxiosError } from 'axios';
import { CSRF_COOKIE, CSRF_HEADER } from '@ff/contract';

/**
 * Two axios instances: `http` for the sign-in calls at the site root and `api` for /api/v1.
 * Both send cookies and mirror the XSRF-TOKEN cookie into X-XSRF-TOKEN (Sanctum convention).
 * No timeout by default (spec section 7). Interceptors never touch the UI: screens decide what to show.
 */
const common = {
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: CSRF_COOKIE,
  xsrfHeaderName: CSRF_HEADER,
  headers: { Accept: 'application/json' },
} as const;

export const http = axios.create({ ...common, baseURL: '/' });
export const api = axios.create({ ...common, baseURL: '/api/v1' });

/** The server's `message`, if the failure carried one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
  }
  return undefined;
}

/** Field errors from a 422 body: `{errors: {field: [message, ...]}}`, first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object' && 'errors' in data && data.errors && typeof data.errors === 'object') {
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

export function httpStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
