import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { useListUrlState } from '@/lib/url-state';
import { usePostingParams } from './use-posting-params';
const SCREEN_KEY = 'posting-history';

let search = '';
function SearchSpy() {
  search = useLocation().search;
  return null;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient();
  client.setQueryData(currentUserQueryKey, { id: 3, name: 'U', permissions: [] });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/postings']}>
        <SearchSpy />
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('Posting History: the search box and the open posting share the URL', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());
  const usePage = () => ({ list: useListUrlState(SCREEN_KEY), params: usePostingParams() });

  it('opens a posting clicked within the search pause, while the drawer is still loading', () => {
    const { result } = renderHook(usePage, { wrapper });
    act(() => result.current.list.setSearch('TRP-2026'));
    // The click navigates; the drawer's code loads, so the screen has not rendered it when the search lands.
    act(() => {
      result.current.params.openPosting(41);
      vi.advanceTimersByTime(300);
    });
    expect(result.current.params.posting).toBe(41);
    expect(result.current.list.appliedSearch).toBe('TRP-2026');
    expect(search).toBe('?posting=41&q=TRP-2026');
  });

  it('keeps the search that reached the URL when a kind is chosen before the screen shows it', () => {
    const { result } = renderHook(usePage, { wrapper });
    act(() => result.current.list.setSearch('TRP-2026'));
    act(() => {
      vi.advanceTimersByTime(300);
      result.current.params.setKind('journalCashAdvance');
    });
    expect(search).toBe('?q=TRP-2026&kind=journalCashAdvance');
    expect(result.current.params.kind).toBe('journalCashAdvance');
  });
});
