/** Test-only: answers the app's API calls in memory, at the network boundary (`fetch`), and records them. */

export type FakeCall = {
  /** Lower-case HTTP method, e.g. 'get'. */
  method: string;
  /** The path below /api/v1 (e.g. '/users'), without the query. */
  url: string;
  /** The query parameters sent ({} when none). */
  params: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
};
export type FakeHandler = (call: FakeCall) => [number, unknown];

const API_BASE = '/api/v1';
const NO_BODY_STATUSES = new Set([204, 205, 304]);

/** Replaces `fetch` with `handler`'s answers (JSON); call `restore` after the test. */
export function fakeApi(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const target = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = target.pathname.startsWith(`${API_BASE}/`)
      ? target.pathname.slice(API_BASE.length)
      : target.pathname;
    const call: FakeCall = {
      method: (init?.method ?? 'GET').toLowerCase(),
      url: path,
      params: Object.fromEntries(target.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const [status, data] = handler(call);
    const body = NO_BODY_STATUSES.has(status) ? null : JSON.stringify(data);
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, restore: () => (globalThis.fetch = original) };
}
