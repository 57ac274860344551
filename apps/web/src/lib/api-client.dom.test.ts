import { afterEach, describe, expect, it } from 'vitest';
import { api, http, HttpError, httpStatus, serverFieldErrors, serverMessage } from './api-client';
import { errorMessage, NETWORK_ERROR } from './error-message';

type Sent = { url: string; init: RequestInit; headers: Record<string, string> };
const original = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = original;
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** Replaces the network with one answer and records what was sent. */
function answer(status: number, body: string | null) {
  const sent: Sent[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      init: init ?? {},
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    return new Response(body, { status });
  };
  return sent;
}

describe('the API client', () => {
  it('sends cookies, asks for JSON and echoes the XSRF-TOKEN cookie (URL-decoded) as X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
    const sent = answer(200, '{"data":[]}');
    const response = await api.get('/users', { params: { fromDate: '2025-01-01', toDate: undefined } });
    expect(response).toEqual({ status: 200, data: { data: [] } });
    expect(sent[0]?.url).toBe('/api/v1/users?fromDate=2025-01-01');
    expect(sent[0]?.init.credentials).toBe('include');
    expect(sent[0]?.headers).toMatchObject({ Accept: 'application/json', 'X-XSRF-TOKEN': 'abc==' });
  });

  it('posts JSON at the site root and reads an empty 204', async () => {
    const sent = answer(204, null);
    const response = await http.post('/login', { email: 'a@b', password: 'x' });
    expect(response).toEqual({ status: 204, data: '' });
    expect(sent[0]?.url).toBe('/login');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ email: 'a@b', password: 'x' });
  });

  it('rejects a non-2xx answer with its status, message and field errors', async () => {
    answer(422, '{"message":"Invalid email","errors":{"email":["Invalid email"]}}');
    const error = await http.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(httpStatus(error)).toBe(422);
    expect(serverMessage(error)).toBe('Invalid email');
    expect(serverFieldErrors(error)).toEqual({ email: 'Invalid email' });
    expect(errorMessage(error)).toBe('Invalid email');
  });

  it('says the server could not be reached when there is no answer', async () => {
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = await api.get('/users').catch((e: unknown) => e);
    expect(httpStatus(error)).toBeUndefined();
    expect(errorMessage(error)).toBe(NETWORK_ERROR);
  });

  it('keeps a non-JSON body as text', async () => {
    answer(500, 'Internal Server Error');
    const error = await api.get('/users').catch((e: unknown) => e);
    expect(error instanceof HttpError && error.response?.data).toBe('Internal Server Error');
    expect(errorMessage(error, 'Failed to load users')).toBe('Failed to load users');
  });
});
