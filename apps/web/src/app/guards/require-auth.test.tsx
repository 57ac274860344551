import { act, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { renderWithMantine } from '@/test/render';
import { LOGIN_REQUIRED, SESSION_EXPIRED } from './redirect-messages';
import { RequireAuth } from './require-auth';

const user = { id: 7, name: 'Clerk', email: 'c@example.com', role: 'Clerk', permissions: [] };

function LoginSpy() {
  const state = useLocation().state as { message?: string } | null;
  return <p>login: {state?.message ?? 'no message'}</p>;
}

function renderGuarded(client: QueryClient) {
  renderWithMantine(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/users']}>
        <Routes>
          <Route path="/login" element={<LoginSpy />} />
          <Route element={<RequireAuth />}>
            <Route path="/users" element={<h1>Users</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => sessionStorage.clear());

describe('RequireAuth', () => {
  it('says the session ended when a session check finds none while the user was on a screen (signed out in another tab)', async () => {
    const client = new QueryClient();
    client.setQueryData(currentUserQueryKey, user);
    renderGuarded(client);
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    await act(async () => {
      client.setQueryData(currentUserQueryKey, null);
    });
    expect(await screen.findByText(`login: ${SESSION_EXPIRED}`)).toBeTruthy();
  });

  it('asks a visitor who was never signed in to log in', () => {
    const client = new QueryClient();
    client.setQueryData(currentUserQueryKey, null);
    renderGuarded(client);
    expect(screen.getByText(`login: ${LOGIN_REQUIRED}`)).toBeTruthy();
  });
});
