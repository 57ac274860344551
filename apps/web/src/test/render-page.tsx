import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { renderWithMantine } from './render';

/** Renders a page with Mantine, notifications, a fresh query client (no retries) and a memory router. */
export function renderPostingPage(ui: ReactNode, initialEntries: InitialEntry[] = ['/']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter initialEntries={initialEntries}>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

// Tell React this is a test environment so act() flushes updates.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
