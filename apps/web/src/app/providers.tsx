import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { toastContainerWanted } from '@/lib/notify';
import { createQueryClient } from './query-client';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const ToastContainer = lazy(() => import('./toast-container'));

/** The toasts' container, from the first toast on (lib/notify.ts loads the library with it). */
function LazyToasts() {
  const wanted = useSyncExternalStore(toastContainerWanted.subscribe, toastContainerWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 1 }}>
        <LazyToasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
