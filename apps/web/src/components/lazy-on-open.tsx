import { Suspense, useState, type ReactNode } from 'react';
import { PageLoadingOverlay } from './page-loading-overlay';

/**
 * For a modal whose code is a lazy chunk (React.lazy): renders it from its first opening on, so a screen
 * does not download what it shows only on request; while the code arrives, a full-screen loader.
 */
export function LazyOnOpen({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return <Suspense fallback={opened ? <PageLoadingOverlay fullScreen /> : null}>{children}</Suspense>;
}
