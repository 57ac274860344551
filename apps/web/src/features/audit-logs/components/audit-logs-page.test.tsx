import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ff/contract';
import { api } from '@/lib/api-client';
import { renderWithMantine } from '@/test/render';
import { AuditLogsPage } from './audit-logs-page';

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => [number, unknown];

/** Answers the `api` instance's requests in memory and records them. */
function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  const original = api.defaults.adapter;
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const call = {
      method: config.method ?? 'get',
      url: config.url ?? '',
      body: config.data ? JSON.parse(config.data) : undefined,
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

function renderPage(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const entries: AuditEntry[] = [
  {
    id: 2,
    createdAt: '2025-03-05 14:07:00',
    event: 'User Jane Wanjiru was disabled',
    createdBy: 'Admin',
    ipAddress: '10.0.0.8',
  },
  { id: 1, createdAt: '2025-03-04 09:00:00', event: 'Signed in', createdBy: 'Admin', ipAddress: '10.0.0.8' },
];

let restore = () => {};
afterEach(() => restore());

// Page renders are slow in jsdom on a busy machine.
describe('AuditLogsPage', { timeout: 30_000 }, () => {
  it('lists entries newest first, as the server sends them', async () => {
    restore = fakeApi(() => [200, { data: entries }]).restore;
    renderPage(<AuditLogsPage />);

    const table = await screen.findByRole('table', { name: 'Audit logs' });
    for (const header of ['Audit Date', 'Event', 'User', 'IP Address']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
    expect(await within(table).findByText('User Jane Wanjiru was disabled')).toBeTruthy();
    const [, body] = within(table).getAllByRole('rowgroup');
    expect(within(within(body!).getAllByRole('row')[0]!).getByText('05 Mar 2025, 14:07')).toBeTruthy();
  });

  it('shows Access Denied on a 403', async () => {
    restore = fakeApi(() => [403, { message: 'This action is unauthorized.' }]).restore;
    renderPage(<AuditLogsPage />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
  });
});
