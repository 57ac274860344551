import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountProfile, AccountSession } from '@ff/contract';
import { AUTH_FIELD_MESSAGES } from '@ff/contract/plain';
import { fakeApi, type FakeHandler } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { MyAccountPage, SETUP_REQUIRED_NOTICE } from './my-account-page';

const account: AccountProfile = {
  id: 3,
  name: 'Grace Clerk',
  email: 'grace@example.com',
  mobileNo: '+254712345678',
  role: 'Clerk',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  recoveryCodesLeft: 0,
};
const sessions: AccountSession[] = [
  {
    id: 'a'.repeat(32),
    device: 'Chrome 131 on Linux',
    ipAddress: '10.0.0.1',
    createdAt: '2026-11-20 08:00:00',
    lastSeenAt: '2026-11-24 09:30:15',
    current: true,
  },
  {
    id: 'b'.repeat(32),
    device: 'Safari 18 on iOS',
    ipAddress: '10.0.0.2',
    createdAt: '2026-11-21 08:00:00',
    lastSeenAt: '2026-11-22 17:00:00',
    current: false,
  },
];
// An SVG with a script: shown as an image, it must never become part of the page.
const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg"><script>window.hacked=1</script><rect/></svg>';
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

let restore = () => {};
afterEach(() => restore());

function renderAccount(handler: FakeHandler, profile: AccountProfile = account) {
  const api = fakeApi((call) => {
    const answer = handler(call);
    if (answer[0] !== 404) return answer;
    if (call.method === 'get' && call.url === '/account') return [200, profile];
    if (call.method === 'get' && call.url === '/account/sessions') return [200, { data: sessions }];
    if (call.url === '/session') return [200, { authenticated: true, user: { ...profile, permissions: [] } }];
    return [404, {}];
  });
  restore = api.restore;
  renderPostingPage(<MyAccountPage />, ['/account']);
  return api;
}

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const region = (name: string) => screen.findByRole('region', { name });

describe('MyAccountPage', { timeout: 30_000 }, () => {
  it('shows the profile read-only where it must be and saves name and mobile number', async () => {
    const api = renderAccount(({ method, url, body }) =>
      method === 'patch' && url === '/account' ? [200, { ...account, ...(body as object) }] : [404, {}],
    );
    const profile = within(await region('Profile'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    const email = profile.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('grace@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByText(SETUP_REQUIRED_NOTICE)).toBeNull();

    fireEvent.change(profile.getByRole('textbox', { name: /Name/ }), { target: { value: ' Grace Hopper ' } });
    await click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'patch')?.body).toEqual({
      name: 'Grace Hopper',
      mobileNo: '+254712345678',
    });
  });

  it('puts a wrong current password under its field and toasts the success', async () => {
    let attempts = 0;
    renderAccount(({ method, url }) => {
      if (method !== 'put' || url !== '/account/password') return [404, {}];
      attempts += 1;
      return attempts === 1
        ? [422, { message: 'x', errors: { currentPassword: ['The current password is not correct.'] } }]
        : [200, { status: 'Your password has been changed.' }];
    });
    const section = within(await region('Change password'));
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(section.getByLabelText(label), { target: { value } });
    fill(/^Current password/, 'old-password');
    fill(/^New password/, 'short');
    fill(/^Confirm new password/, 'short');
    await click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('Password should be at least 8 characters long')).toBeTruthy();
    expect(attempts).toBe(0);

    fill(/^New password/, 'a-new-password');
    fill(/^Confirm new password/, 'a-new-password');
    await click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The current password is not correct.')).toBeTruthy();
    await click(section.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });

  it('lists the sessions, marks this one, and signs out one other or all others after confirming', async () => {
    const api = renderAccount(({ method, url }) => {
      if (method === 'delete' && url === `/account/sessions/${'b'.repeat(32)}`) return [204, null];
      if (method === 'post' && url === '/account/sessions/sign-out-others') return [200, { ended: 1 }];
      return [404, {}];
    });
    const section = within(await region('Sessions'));
    expect(await section.findByText('Safari 18 on iOS')).toBeTruthy();
    const current = section.getByText('This device').closest('tr')!;
    expect(within(current as HTMLElement).getByText('Chrome 131 on Linux')).toBeTruthy();
    expect(within(current as HTMLElement).queryByRole('button')).toBeNull();

    await click(section.getByRole('button', { name: 'Sign out Safari 18 on iOS (10.0.0.2)' }));
    expect(await screen.findByText('Safari 18 on iOS has been signed out.')).toBeTruthy();

    await click(section.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out all other sessions?' }));
    await click(dialog.getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('1 other session has been signed out.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'get').map((c) => `${c.method} ${c.url}`)).toEqual([
      `delete /account/sessions/${'b'.repeat(32)}`,
      'post /account/sessions/sign-out-others',
    ]);
  });

  it('sets up two-factor sign-in: the QR code as an image, the key as text, then the recovery codes once', async () => {
    const api = renderAccount(
      ({ method, url }) => {
        if (method === 'post' && url === '/account/two-factor')
          return [200, { secret: 'JBSWY3DPEHPK3PXPJBSW', otpauthUri: 'otpauth://totp/x', qrSvg }];
        if (method === 'post' && url === '/account/two-factor/confirm')
          return [200, { recoveryCodes: codes }];
        return [404, {}];
      },
      { ...account, twoFactorRequired: true },
    );
    expect(await screen.findByText(SETUP_REQUIRED_NOTICE)).toBeTruthy();
    const section = within(await region('Two-factor sign-in'));
    await click(section.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = (await section.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    expect(document.querySelector('script')).toBeNull();
    expect(section.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeTruthy();

    fireEvent.change(section.getByRole('textbox', { name: /Code from the app/ }), {
      target: { value: '12 34' },
    });
    await click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText('Enter the 6-digit code your authenticator app shows now.')).toBeTruthy();
    fireEvent.change(section.getByRole('textbox', { name: /Code from the app/ }), {
      target: { value: '123 456' },
    });
    // The role requires two-factor: the password is asked with the code, and needed before any call.
    expect(await section.findByText(AUTH_FIELD_MESSAGES.passwordRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/account/two-factor/confirm')).toBe(false);
    fireEvent.change(section.getByLabelText(/^Your password/), { target: { value: 'my-password' } });
    await click(section.getByRole('button', { name: 'Turn on' }));
    const list = await section.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(api.calls.find((c) => c.url === '/account/two-factor/confirm')?.body).toEqual({
      code: '123456',
      password: 'my-password',
    });

    await click(section.getByRole('button', { name: 'I have saved them' }));
    expect(section.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('asks no password where two-factor is not required, and puts the server asking for it under the field', async () => {
    const wrong = 'The password is not correct.';
    const bodies: unknown[] = [];
    renderAccount(({ method, url, body }) => {
      if (method === 'post' && url === '/account/two-factor')
        return [200, { secret: 'JBSWY3DPEHPK3PXPJBSW', otpauthUri: 'otpauth://totp/x', qrSvg }];
      if (method !== 'post' || url !== '/account/two-factor/confirm') return [404, {}];
      bodies.push(body);
      // The setting was turned on after the page was opened: the server asks for the password.
      if (bodies.length === 1)
        return [422, { message: 'x', errors: { password: [AUTH_FIELD_MESSAGES.passwordRequired] } }];
      if (bodies.length === 2) return [422, { message: wrong, errors: { password: [wrong] } }];
      return [200, { recoveryCodes: codes }];
    });
    const section = within(await region('Two-factor sign-in'));
    await click(section.getByRole('button', { name: 'Set up two-factor sign-in' }));
    fireEvent.change(await section.findByRole('textbox', { name: /Code from the app/ }), {
      target: { value: '123456' },
    });
    expect(section.queryByLabelText(/^Your password/)).toBeNull();
    await click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText(AUTH_FIELD_MESSAGES.passwordRequired)).toBeTruthy();

    fireEvent.change(section.getByLabelText(/^Your password/), { target: { value: 'not-it' } });
    await click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByText(wrong)).toBeTruthy();
    fireEvent.change(section.getByLabelText(/^Your password/), { target: { value: 'my-password' } });
    await click(section.getByRole('button', { name: 'Turn on' }));
    expect(await section.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(bodies).toEqual([
      { code: '123456' },
      { code: '123456', password: 'not-it' },
      { code: '123456', password: 'my-password' },
    ]);
  });
});
