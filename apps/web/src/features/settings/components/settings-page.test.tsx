import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionSetting } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { SettingsPage } from './settings-page';

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

const setting: ConnectionSetting = {
  id: 1,
  companyDb: 'SBODEMOKE',
  username: 'manager',
  password: '',
  hasPassword: true,
};

let restore = () => {};
afterEach(() => restore());

// Page renders are slow in jsdom on a busy machine.
describe('SettingsPage', { timeout: 30_000 }, () => {
  it('shows a saved password as saved, keeps it when blank and reports SAP refusals', async () => {
    const api = fakeApi(({ method, url }) => {
      if (method === 'get' && url === '/connectionSetting') return [200, { data: [setting] }];
      if (method === 'patch' && url === '/connectionSetting/1') return [200, setting];
      if (method === 'post' && url === '/settings/connection/test')
        return [
          200,
          { ok: true, state: 'connected', message: 'Successfully connected to SAP Business One.' },
        ];
      if (method === 'post' && url === '/testConnection')
        return [200, { status: 'failed', message: 'Fail to get DB Credentials.' }];
      return [404, {}];
    });
    restore = api.restore;
    renderPage(<SettingsPage />);

    expect(await screen.findByRole('tab', { name: 'ERP Connection' })).toBeTruthy();
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Saved — leave blank to keep it');
    expect((screen.getByLabelText(/Company DB/) as HTMLInputElement).value).toBe('SBODEMOKE');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Successfully updated SAP connection settings')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'patch')?.body).toEqual({
      companyDb: 'SBODEMOKE',
      username: 'manager',
      password: '',
    });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Test Connection' })));
    expect(await screen.findByText('SAP connection test failed.')).toBeTruthy();
    expect(screen.getByText('Fail to get DB Credentials.')).toBeTruthy();
  });

  it("tests the values before saving and asks, with SAP's answer, before saving ones that fail", async () => {
    const refused =
      'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.';
    const api = fakeApi(({ method, url }) => {
      if (method === 'get' && url === '/connectionSetting') return [200, { data: [setting] }];
      if (method === 'patch' && url === '/connectionSetting/1') return [200, setting];
      if (method === 'post' && url === '/settings/connection/test')
        return [200, { ok: false, state: 'login-refused', message: refused }];
      return [404, {}];
    });
    restore = api.restore;
    renderPage(<SettingsPage />);
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    await act(async () => fireEvent.change(password, { target: { value: 'Wrong-password-1' } }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const dialog = await screen.findByRole('dialog', { name: 'SAP refused the login' });
    expect(dialog.textContent).toContain(refused);
    expect(api.calls.find((c) => c.method === 'post')?.body).toEqual({
      companyDb: 'SBODEMOKE',
      username: 'manager',
      password: 'Wrong-password-1',
    });
    expect(api.calls.filter((c) => c.method === 'patch')).toHaveLength(0);

    // Cancel keeps what is stored.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(api.calls.filter((c) => c.method === 'patch')).toHaveLength(0);
    expect(screen.queryByText('Successfully updated SAP connection settings')).toBeNull();

    // "Save anyway" saves them as the spec's Save does.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByRole('dialog', { name: 'SAP refused the login' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save anyway' })));
    expect(await screen.findByText('Successfully updated SAP connection settings')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'patch').map((c) => c.body)).toEqual([
      { companyDb: 'SBODEMOKE', username: 'manager', password: 'Wrong-password-1' },
    ]);
  });

  it('requires a password while none is saved and validates before testing', async () => {
    const api = fakeApi(() => [200, { data: [{ ...setting, companyDb: '', hasPassword: false }] }]);
    restore = api.restore;
    renderPage(<SettingsPage />);

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Test Connection' })));
    expect(screen.getByText('Company DB is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.queryByText('Saved — leave blank to keep it')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'post')).toHaveLength(0);
  });

  it('has a Posting defaults tab for Manage Settings holders only, with the default VAT group', async () => {
    const user = (permissions: string[]) => ({
      authenticated: true,
      user: { id: 1, name: 'Admin', email: 'admin@example.com', permissions },
    });
    let permissions = ['Manage Settings'];
    restore = fakeApi(({ url }) => {
      if (url === '/session') return [200, user(permissions)];
      if (url === '/connectionSetting') return [200, { data: [setting] }];
      if (url === '/settings/posting-defaults') return [200, { data: { vatGroup: 'O1' } }];
      if (url === '/settings/vat-groups')
        return [200, { data: [{ code: 'O1', name: 'Output VAT 16%', rate: 16 }] }];
      return [404, {}];
    }).restore;
    const page = renderPage(<SettingsPage />);

    await act(async () => fireEvent.click(await screen.findByRole('tab', { name: 'Posting defaults' })));
    const field = (await screen.findByRole('combobox', { name: 'Default VAT group' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('O1 — Output VAT 16%'));
    page.unmount();

    permissions = ['View Sales Invoices'];
    renderPage(<SettingsPage />);
    expect(await screen.findByRole('tab', { name: 'ERP Connection' })).toBeTruthy();
    await act(async () => {});
    expect(screen.queryByRole('tab', { name: 'Posting defaults' })).toBeNull();
  });

  it('has an API tokens tab for Manage API Tokens holders only, with the tokens', async () => {
    const user = (permissions: string[]) => ({
      authenticated: true,
      user: { id: 1, name: 'Admin', email: 'admin@example.com', permissions },
    });
    let permissions = ['Manage API Tokens'];
    restore = fakeApi(({ url }) => {
      if (url === '/session') return [200, user(permissions)];
      if (url === '/connectionSetting') return [200, { data: [setting] }];
      if (url === '/api-tokens') return [200, { data: [], importKinds: [] }];
      return [404, {}];
    }).restore;
    const page = renderPage(<SettingsPage />);

    await act(async () => fireEvent.click(await screen.findByRole('tab', { name: 'API tokens' })));
    expect(await screen.findByText('No API tokens yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New API token' })).toBeTruthy();
    // Manage API Tokens alone does not open the other settings' tabs.
    expect(screen.queryByRole('tab', { name: 'Posting defaults' })).toBeNull();
    page.unmount();

    permissions = ['Manage Settings'];
    renderPage(<SettingsPage />);
    expect(await screen.findByRole('tab', { name: 'Posting defaults' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'API tokens' })).toBeNull();
  });

  it('lists the ledger accounts SAP does not accept', async () => {
    restore = fakeApi(({ url }) => {
      if (url === '/connectionSetting') return [200, { data: [setting] }];
      if (url === '/accounts/sapCheck')
        return [
          200,
          {
            checked: 12,
            problems: [
              {
                id: 3,
                accountNumber: '_SYS00000000101',
                description: 'Petty Cash Mombasa',
                reason: 'The account is inactive in SAP.',
              },
            ],
          },
        ];
      return [404, {}];
    }).restore;
    renderPage(<SettingsPage />);

    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Check Ledger Accounts' })),
    );
    expect(await screen.findByText('1 of 12 ledger accounts cannot be used in SAP')).toBeTruthy();
    expect(screen.getByText('Petty Cash Mombasa')).toBeTruthy();
    expect(screen.getByText('The account is inactive in SAP.')).toBeTruthy();
  });
});
