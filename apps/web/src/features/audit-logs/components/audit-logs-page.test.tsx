import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@ff/contract';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { AuditLogsPage } from './audit-logs-page';

let location = '';
function ShowLocation() {
  const { search } = useLocation();
  location = search;
  return null;
}

function renderPage(ui: ReactNode, url = '/logs') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter initialEntries={[url]}>
      <Notifications />
      <QueryClientProvider client={client}>
        {ui}
        <ShowLocation />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const entries: AuditEntry[] = [
  {
    id: 2,
    createdAt: '2025-03-05 14:07:09',
    event: 'Disabled user Jane Wanjiru (jane@example.com)',
    createdBy: 'Admin',
    createdByEmail: 'admin@example.com',
    ipAddress: '10.0.0.8',
  },
  {
    id: 1,
    createdAt: '2025-03-04 09:00:00',
    event: 'Signed in',
    createdBy: 'Administrator',
    createdByEmail: 'jane@example.com',
    ipAddress: '10.0.0.8',
  },
];

/** The API of a log with `entries`: its pages, its users and its event types. */
function logApi(call: FakeCall): [number, unknown] {
  if (call.url === '/audits/actors')
    return [
      200,
      {
        data: [
          { id: 1, name: 'Admin' },
          { id: 7, name: 'Jane Wanjiru' },
        ],
      },
    ];
  if (call.url === '/audits/event-types') return [200, { data: ['Sign-in and sign-out', 'Users', 'Other'] }];
  if (call.url === '/audits')
    return [200, { data: entries, meta: { total: entries.length, page: 1, perPage: 100 } }];
  return [200, { id: 1, name: 'Admin', role: 'Administrator', permissions: [] }];
}

const auditCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/audits');

let restore = () => {};
afterEach(() => restore());

// Page renders are slow in jsdom on a busy machine.
describe('AuditLogsPage', { timeout: 30_000 }, () => {
  it('lists entries newest first, as the server sends them, with the seconds of each', async () => {
    restore = fakeApi(logApi).restore;
    renderPage(<AuditLogsPage />);

    const table = await screen.findByRole('table', { name: 'Audit logs' });
    for (const header of ['Audit Date', 'Event', 'User', 'IP Address']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    }
    expect(await within(table).findByText('Disabled user Jane Wanjiru (jane@example.com)')).toBeTruthy();
    const [, body] = within(table).getAllByRole('rowgroup');
    // Defect 9 of issue 12: the time showed minutes only ('05 Mar 2025, 14:07').
    expect(within(within(body!).getAllByRole('row')[0]!).getByText('2025-03-05 14:07:09')).toBeTruthy();
  });

  it("shows each actor's e-mail beside the name they chose, so a user calling themselves Administrator is told apart (issue 21, item 8)", async () => {
    restore = fakeApi(logApi).restore;
    renderPage(<AuditLogsPage />);
    const table = await screen.findByRole('table', { name: 'Audit logs' });
    expect(await within(table).findByText('jane@example.com')).toBeTruthy();
    const [, body] = within(table).getAllByRole('rowgroup');
    const impostor = within(body!).getAllByRole('row')[1]!;
    expect(within(impostor).getByText('Administrator')).toBeTruthy();
    expect(within(impostor).getByText('jane@example.com')).toBeTruthy();
    expect(within(within(body!).getAllByRole('row')[0]!).getByText('admin@example.com')).toBeTruthy();
  });

  it('asks the server for one page, and for the user and event type chosen, kept in the URL', async () => {
    const api = fakeApi(logApi);
    restore = api.restore;
    renderPage(<AuditLogsPage />);
    await screen.findByText('Signed in');
    expect(auditCalls(api.calls)[0]!.params).toEqual({ page: '1', perPage: '100' });

    const user = await screen.findByRole('combobox', { name: 'User' });
    await within(user).findByRole('option', { name: 'Jane Wanjiru' });
    fireEvent.change(user, { target: { value: '7' } });
    await waitFor(() => expect(auditCalls(api.calls).at(-1)!.params).toMatchObject({ userId: '7' }));
    const eventType = screen.getByRole('combobox', { name: 'Event type' });
    fireEvent.change(eventType, { target: { value: 'Users' } });
    await waitFor(() =>
      expect(auditCalls(api.calls).at(-1)!.params).toEqual({
        page: '1',
        perPage: '100',
        userId: '7',
        event: 'Users',
      }),
    );
    expect(new URLSearchParams(location).get('user')).toBe('7');
    expect(new URLSearchParams(location).get('event')).toBe('Users');
  });

  it('searches on the server once the user pauses typing', async () => {
    const api = fakeApi(logApi);
    restore = api.restore;
    renderPage(<AuditLogsPage />, '/logs?event=Other');
    await screen.findByText('Signed in');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search records' }), {
      target: { value: 'TRP-2026-003976' },
    });
    await waitFor(() =>
      expect(auditCalls(api.calls).at(-1)!.params).toEqual({
        page: '1',
        perPage: '100',
        event: 'Other',
        search: 'TRP-2026-003976',
      }),
    );
    // One request for the whole typed text, none per keystroke.
    expect(auditCalls(api.calls).filter((c) => c.params.search)).toHaveLength(1);
  });

  it('shows Access Denied on a 403, and asks for no filter options', async () => {
    const api = fakeApi((call) =>
      call.url === '/audits' ? [403, { message: 'This action is unauthorized.' }] : logApi(call),
    );
    restore = api.restore;
    renderPage(<AuditLogsPage />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(api.calls.some((c) => c.url.startsWith('/audits/'))).toBe(false);
  });
});
