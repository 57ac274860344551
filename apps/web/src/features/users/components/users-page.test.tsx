import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role, User } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { UsersPage } from './users-page';

function renderPage(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const jane: User = {
  id: 7,
  name: 'Jane Wanjiru',
  email: 'jane@example.com',
  mobileNo: '+254712345678',
  role: 'Finance Officer',
  roleName: 'Finance Officer',
  createdAt: '2025-03-05 14:07:00',
  createdBy: 'Admin',
  isActive: true,
  invitationPending: true,
};
const financeRole: Role = {
  id: 2,
  name: 'Finance Officer',
  permissions: [],
  createdAt: '2025-01-01 00:00:00',
  createdBy: 'Admin',
  isActive: true,
};

// Tell React this is a test environment so act() flushes updates.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let restore = () => {};
afterEach(() => restore());

// Page renders are slow in jsdom on a busy machine.
describe('UsersPage', { timeout: 30_000 }, () => {
  it('lists users and flips a row locally after a status change', async () => {
    const api = fakeApi(({ method, url }) => {
      if (method === 'get' && url === '/users') return [200, { data: [jane] }];
      if (method === 'patch' && url === '/toggleUser/7') return [200, { ...jane, isActive: false }];
      return [404, { message: 'Not found' }];
    });
    restore = api.restore;
    renderPage(<UsersPage />);

    const toggle = await screen.findByRole('switch', { name: 'Toggle status of Jane Wanjiru' });
    expect(screen.getByText('Active')).toBeTruthy();
    await act(async () => fireEvent.click(toggle));

    expect(await screen.findByText('User status updated successfully')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(api.calls.filter((c) => c.url === '/users')).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'patch')?.body).toEqual({ toggleStatus: false });
  });

  it('shows the fallback message when a status change fails without one', async () => {
    restore = fakeApi(({ method }) => (method === 'get' ? [200, { data: [jane] }] : [500, {}])).restore;
    renderPage(<UsersPage />);
    await act(async () =>
      fireEvent.click(await screen.findByRole('switch', { name: 'Toggle status of Jane Wanjiru' })),
    );
    expect(await screen.findByText('Failed to update user status')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('shows Access Denied when the list is refused', async () => {
    restore = fakeApi(() => [403, { message: 'This action is unauthorized.' }]).restore;
    renderPage(<UsersPage />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('This action is unauthorized.')).toBeTruthy();
  });

  it('has its own message when the list fails without one (not the transporter text)', async () => {
    restore = fakeApi(() => [500, {}]).restore;
    renderPage(<UsersPage />);
    const alert = (await screen.findByText('Failed to load users')).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Please reach out to support for more on this issue.')).toBeTruthy();
  });

  it('validates, then adds a user and places server errors on the fields', async () => {
    let attempt = 0;
    const api = fakeApi(({ method, url }) => {
      if (method === 'get' && url === '/users') return [200, { data: [] }];
      if (method === 'get' && url === '/roles')
        return [200, { data: [financeRole, { ...financeRole, id: 3, name: 'Old', isActive: false }] }];
      if (method === 'post' && url === '/users') {
        attempt += 1;
        return attempt === 1
          ? [
              422,
              {
                message: 'Invalid.',
                errors: { email: ['The email has already been taken.'], phone_number: ['Bad number.'] },
              },
            ]
          : [201, { ...jane, role: ['Finance Officer'] }];
      }
      return [404, {}];
    });
    restore = api.restore;
    renderPage(<UsersPage />);

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Add User' })));
    // Plain DOM lookups inside the form: role queries over the ~250 country options are slow in jsdom.
    // The form's code downloads when the modal first opens: wait for the form, not just the dialog.
    const dialog = await waitFor(
      () => {
        const found = document.querySelector<HTMLElement>('[role="dialog"]');
        if (!found?.querySelector('form')) throw new Error('The Add User form is not shown yet.');
        return found;
      },
      { timeout: 10_000 },
    );
    expect(within(dialog).getAllByText('Add User').length).toBeGreaterThan(0);
    const submit = () => within(dialog).getByText('Submit').closest('button')!;
    await act(async () => fireEvent.click(submit()));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email',
      'Mobile number is required',
      'Role is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    // Mantine labels the dropdown list too, so pick the input among the labelled elements.
    const input = (label: RegExp) =>
      within(dialog)
        .getAllByLabelText(label)
        .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
    expect(input(/Country code/).value).toBe('(KE) +254');
    expect(within(dialog).getByPlaceholderText('Enter valid number...')).toBeTruthy();

    const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
    await act(async () => {
      type(/First Name/, 'Jane');
      type(/Last Name/, 'Wanjiru');
      type(/Email/, 'jane@example.com');
      type(/^Mobile/, '0712345678');
    });
    const roleInput = input(/^Role/);
    await act(async () => fireEvent.click(roleInput));
    const roleList = () => within(document.getElementById(roleInput.getAttribute('aria-controls')!)!);
    await waitFor(() => roleList().getByText('Finance Officer'));
    expect(roleList().queryByText('Old')).toBeNull();
    await act(async () => fireEvent.click(roleList().getByText('Finance Officer')));

    await act(async () => fireEvent.click(submit()));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeTruthy();
    expect(within(dialog).getByText('Bad number.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'post')?.body).toEqual({
      name: 'Jane Wanjiru',
      email: 'jane@example.com',
      mobileNo: '+254712345678',
      role: 'Finance Officer',
    });

    await act(async () => fireEvent.click(submit()));
    expect(
      await screen.findByText(/User has been added successfully\. A link to set their password/),
    ).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/users' && c.method === 'get')).toHaveLength(2),
    );
  });
});
