import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { AuditLogsPage } from './audit-logs-page';

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
