import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { api } from '@/lib/api-client';
import { renderWithMantine } from '@/test/render';

/** Test-only helpers for the posting screens' page tests. */

export type FakeCall = { method: string; url: string; params: unknown; body: unknown };
export type FakeHandler = (call: FakeCall) => [number, unknown];

/** Answers the `api` instance's requests in memory and records them; call `restore` after the test. */
export function fakeApi(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  const original = api.defaults.adapter;
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const call: FakeCall = {
      method: config.method ?? 'get',
      url: config.url ?? '',
      params: config.params,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : undefined,
    };
    calls.push(call);
    const [status, data] = handler(call);
    const response: AxiosResponse = { data, status, statusText: '', headers: new AxiosHeaders(), config };
    if (status >= 400)
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, undefined, response);
    return response;
  };
  return { calls, restore: () => (api.defaults.adapter = original) };
}

/** Renders a page with Mantine, notifications, a fresh query client (no retries) and a memory router. */
export function renderPostingPage(ui: ReactNode, initialEntries: InitialEntry[] = ['/']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter initialEntries={initialEntries}>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

// Tell React this is a test environment so act() flushes updates.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
