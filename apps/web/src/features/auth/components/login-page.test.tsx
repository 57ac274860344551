import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, type InitialEntry } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, type FakeHandler } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { LoginPage } from './login-page';
import { TWO_FACTOR_TEXTS, twoFactorAnswer } from './two-factor-step';

const user = { id: 7, name: 'Ada', email: 'ada@example.com', role: 'Clerk', permissions: [] };

let restore = () => {};
afterEach(() => restore());

function renderLogin(handler: FakeHandler, entry: InitialEntry = '/login') {
  const api = fakeApi((call) => {
    if (call.url === '/sanctum/csrf-cookie') return [204, null];
    // The session probe (GET /api/v1/session), or GET /user where the probe is not in use.
    if (call.url === '/session') return [200, { authenticated: true, user }];
    if (call.url === '/user') return [200, user];
    return handler(call);
  });
  restore = api.restore;
  renderPostingPage(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Dashboard</h1>} />
    </Routes>,
    [entry],
  );
  return api;
}

async function logIn() {
  fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: user.email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'right-password' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log In' })));
}

const typeCode = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const verify = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));

describe('two-factor answers', () => {
  it('take six digits (spaces dropped) or a trimmed recovery code, and say what is missing', () => {
    expect(twoFactorAnswer('code', ' 123 456 ')).toEqual({ body: { code: '123456' } });
    expect(twoFactorAnswer('code', '12345')).toEqual({ problem: TWO_FACTOR_TEXTS.codeMissing });
    expect(twoFactorAnswer('code', '12345a')).toEqual({ problem: TWO_FACTOR_TEXTS.codeMissing });
    expect(twoFactorAnswer('recovery', ' abcde-12345 ')).toEqual({ body: { recoveryCode: 'abcde-12345' } });
    expect(twoFactorAnswer('recovery', '  ')).toEqual({ problem: TWO_FACTOR_TEXTS.recoveryMissing });
  });
});

describe('LoginPage', { timeout: 30_000 }, () => {
  it('fills in the address it was sent with (a password just set from a mailed link), else starts empty', () => {
    renderLogin(() => [404, {}], { pathname: '/login', state: { email: 'invited@example.com' } });
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveProperty('value', 'invited@example.com');
  });

  it('starts with an empty address on a plain visit', () => {
    renderLogin(() => [404, {}]);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveProperty('value', '');
  });

  it('goes straight to the dashboard when POST /login answers 204', async () => {
    renderLogin(({ url }) => (url === '/login' ? [204, null] : [404, {}]));
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('asks for a two-factor code after 200 {twoFactor: true}, shows the server error under it, then signs in', async () => {
    let answers = 0;
    const api = renderLogin(({ url }) => {
      if (url === '/login') return [200, { twoFactor: true }];
      if (url === '/two-factor-challenge') {
        answers += 1;
        return answers === 1
          ? [
              422,
              {
                message: 'The two-factor code is not valid.',
                errors: { code: ['The two-factor code is not valid.'] },
              },
            ]
          : [204, null];
      }
      return [404, {}];
    });
    await logIn();
    const field = await screen.findByRole('textbox', { name: /Two-factor code/ });
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');

    typeCode(/Two-factor code/, '12');
    await verify();
    expect(await screen.findByText(TWO_FACTOR_TEXTS.codeMissing)).toBeTruthy();
    expect(answers).toBe(0);

    typeCode(/Two-factor code/, '123456');
    await verify();
    expect(await screen.findAllByText('The two-factor code is not valid.')).not.toHaveLength(0);

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' })),
    );
    typeCode(/Recovery code/, ' abcde-12345 ');
    await verify();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    const bodies = api.calls.filter((c) => c.url === '/two-factor-challenge').map((c) => c.body);
    expect(bodies).toEqual([{ code: '123456' }, { recoveryCode: 'abcde-12345' }]);
  });

  it('goes back to the e-mail and password step, keeping the e-mail', async () => {
    renderLogin(({ url }) => (url === '/login' ? [200, { twoFactor: true }] : [404, {}]));
    await logIn();
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Back to e-mail and password' })),
    );
    expect((screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement).value).toBe(user.email);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });
});
