import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RecordKindName } from '@ff/contract/plain';
import { loadPostingKinds } from '@/features/records/posting-kinds';

/**
 * React.lazy for each module's page of the same name: every page is its own chunk, so /login stays small.
 * `loaders` maps a page's name to the import of the module that exports it.
 */
function lazyPages<N extends string>(loaders: {
  [P in N]: () => Promise<{ [K in NoInfer<P>]: ComponentType }>;
}) {
  const page = <P extends N>(name: P) => lazy(async () => ({ default: (await loaders[name]())[name] }));
  return Object.fromEntries(Object.keys(loaders).map((name) => [name, page(name as N)])) as {
    [P in N]: LazyExoticComponent<ComponentType>;
  };
}

/** The app's pages by name, each loaded when first shown. */
export const pages = lazyPages({
  // The signed-in shell (header, navigation, menus) is its own chunk too: the sign-in pages never show it.
  AppLayout: () => import('./layout/app-layout'),
  LoginPage: () => import('@/features/auth/components/login-page'),
  ForgotPasswordPage: () => import('@/features/auth/components/forgot-password-page'),
  ResetPasswordPage: () => import('@/features/auth/components/reset-password-page'),
  DashboardPage: () => import('@/features/dashboard/components/dashboard-page'),
  UsersPage: () => import('@/features/users/components/users-page'),
  RolesPage: () => import('@/features/roles/components/roles-page'),
  AuditLogsPage: () => import('@/features/audit-logs/components/audit-logs-page'),
  SettingsPage: () => import('@/features/settings/components/settings-page'),
  MyAccountPage: () => import('@/features/my-account/components/my-account-page'),
  PostingHistoryPage: () => import('@/features/posting-history/components/posting-history-page'),
  ReconciliationPage: () => import('@/features/reconciliation/components/reconciliation-page'),
  NotFoundPage: () => import('@/features/not-found/components/not-found-page'),
});

/**
 * A record screen (`recordScreens()`): the shared posting page and its kinds' screen files download
 * together, in parallel, when it is first opened.
 */
export function recordScreenPage(kinds: readonly RecordKindName[]) {
  return lazy(async () => {
    const [{ PostingListPage }, loaded] = await Promise.all([
      import('@/features/records/posting/posting-list-page'),
      loadPostingKinds(kinds),
    ]);
    return { default: () => createElement(PostingListPage, { kinds: loaded }) };
  });
}
