import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { theme } from '../app/theme';

// jsdom lacks the browser APIs Mantine reads on mount.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
}

// Mantine keeps notifications in a module-level store; without a clean one test's toasts show in the next.
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}

/** Renders inside Mantine's provider in test mode (no transitions, no portals). */
export function renderWithMantine(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: Providers });
}
