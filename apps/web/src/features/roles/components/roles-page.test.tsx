import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { RolesPage } from './roles-page';

function renderPage(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const auditor: Role = {
  id: 4,
  name: 'Auditor',
  permissions: ['View Audit Logs'],
  createdAt: '2025-03-05 14:07:00',
  createdBy: 'Admin',
  isActive: true,
};

let restore = () => {};
afterEach(() => restore());

// Page renders are slow in jsdom on a busy machine.
describe('RolesPage', { timeout: 30_000 }, () => {
  it('refetches the list after a status change', async () => {
    let active = true;
    const api = fakeApi(({ method, url, body }) => {
      if (method === 'get' && url === '/roles') return [200, { data: [{ ...auditor, isActive: active }] }];
      if (method === 'patch' && url === '/toggleRoles/4') {
        active = (body as { toggleStatus: boolean }).toggleStatus;
        return [200, { ...auditor, isActive: active }];
      }
      return [404, {}];
    });
    restore = api.restore;
    renderPage(<RolesPage />);

    await act(async () =>
      fireEvent.click(await screen.findByRole('switch', { name: 'Toggle status of Auditor' })),
    );
    expect(await screen.findByText('Role has been successfully updated')).toBeTruthy();
    expect(await screen.findByText('Disabled')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'get' && c.url === '/roles')).toHaveLength(2);
  });

  it('shows the server message when a status change fails', async () => {
    restore = fakeApi(({ method }) =>
      method === 'get' ? [200, { data: [auditor] }] : [403, { message: 'You may not change roles.' }],
    ).restore;
    renderPage(<RolesPage />);
    await act(async () =>
      fireEvent.click(await screen.findByRole('switch', { name: 'Toggle status of Auditor' })),
    );
    expect(await screen.findByText('You may not change roles.')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('validates the new role and sends the chosen permission names', async () => {
    const api = fakeApi(({ method, url }) => {
      if (method === 'get' && url === '/roles') return [200, { data: [] }];
      if (method === 'get' && url === '/permissions')
        return [
          200,
          {
            data: [
              { id: 1, name: 'View Audit Logs' },
              { id: 2, name: 'Manage Users' },
            ],
          },
        ];
      if (method === 'post' && url === '/roles') return [201, auditor];
      return [404, {}];
    });
    restore = api.restore;
    renderPage(<RolesPage />);

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Add Role' })));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    expect(within(dialog).getByText('Role name must be at least 3 characters')).toBeTruthy();
    expect(within(dialog).getByText('You must select at least one permission')).toBeTruthy();

    await act(async () =>
      fireEvent.change(within(dialog).getByRole('textbox', { name: /Role Name/ }), {
        target: { value: 'Auditor' },
      }),
    );
    const permissions = within(dialog)
      .getAllByLabelText(/Permissions/)
      .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
    await act(async () => fireEvent.click(permissions));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'View Audit Logs' })));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));

    expect(await screen.findByText('Role has been added successfully')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'post')?.body).toEqual({
      name: 'Auditor',
      permissions: ['View Audit Logs'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Role' })).toBeNull());
  });
});
