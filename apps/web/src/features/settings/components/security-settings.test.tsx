import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_MESSAGES } from '@ff/contract/plain';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { SECURITY_TEXTS, SecuritySettings } from './security-settings';

let restore = () => {};
afterEach(() => restore());

const switchOf = () => screen.findByRole('switch', { name: new RegExp(SECURITY_TEXTS.label) });

describe('SecuritySettings', { timeout: 30_000 }, () => {
  it('shows the saved setting and saves a change with PUT', async () => {
    const api = fakeApi(({ method, url, body }) => {
      if (url !== '/settings/security') return [404, {}];
      return method === 'put' ? [200, body] : [200, { requireTwoFactorForAdmins: false }];
    });
    restore = api.restore;
    renderPostingPage(<SecuritySettings />);
    const toggle = (await switchOf()) as HTMLInputElement;
    await act(async () => {});
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/Manage Users, Manage Roles or Manage Settings/)).toBeTruthy();

    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByText(SECURITY_TEXTS.on)).toBeTruthy();
    expect(((await switchOf()) as HTMLInputElement).checked).toBe(true);
    expect(api.calls.find((c) => c.method === 'put')?.body).toEqual({ requireTwoFactorForAdmins: true });
  });

  it('says why the server refused and keeps the switch as it was', async () => {
    const refused = MY_ACCOUNT_MESSAGES.requireTwoFactorSelfFirst;
    const api = fakeApi(({ method, url }) => {
      if (url !== '/settings/security') return [404, {}];
      return method === 'put'
        ? [422, { message: refused, errors: { requireTwoFactorForAdmins: [refused] } }]
        : [200, { requireTwoFactorForAdmins: false }];
    });
    restore = api.restore;
    renderPostingPage(<SecuritySettings />);
    const toggle = (await switchOf()) as HTMLInputElement;
    await act(async () => {});
    await act(async () => fireEvent.click(toggle));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(((await switchOf()) as HTMLInputElement).checked).toBe(false);
  });
});
