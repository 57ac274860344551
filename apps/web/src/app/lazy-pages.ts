import { createElement, lazy, type ComponentType } from 'react';
import type { RecordKindName } from '@ff/contract/plain';
import { loadPostingKinds } from '@/features/records/posting-kinds';

/** React.lazy for a module's named page export: every page is its own chunk, so /login stays small. */
function lazyPage<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The signed-in shell (header, navigation, menus) is its own chunk too: the sign-in pages never show it. */
export const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');

export const LoginPage = lazyPage(() => import('@/features/auth/components/login-page'), 'LoginPage');
export const ForgotPasswordPage = lazyPage(
  () => import('@/features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('@/features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
export const DashboardPage = lazyPage(
  () => import('@/features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
export const UsersPage = lazyPage(() => import('@/features/users/components/users-page'), 'UsersPage');
export const RolesPage = lazyPage(() => import('@/features/roles/components/roles-page'), 'RolesPage');
export const AuditLogsPage = lazyPage(
  () => import('@/features/audit-logs/components/audit-logs-page'),
  'AuditLogsPage',
);
export const SettingsPage = lazyPage(
  () => import('@/features/settings/components/settings-page'),
  'SettingsPage',
);
export const NotFoundPage = lazyPage(
  () => import('@/features/not-found/components/not-found-page'),
  'NotFoundPage',
);

/**
 * A record screen (`recordScreens()`): the shared posting page and its kinds' screen files download
 * together, in parallel, when it is first opened.
 */
export function recordScreenPage(kinds: readonly RecordKindName[]) {
  return lazy(async () => {
    const [{ PostingListPage }, loaded] = await Promise.all([
      import('@/components/posting/posting-list-page'),
      loadPostingKinds(kinds),
    ]);
    return { default: () => createElement(PostingListPage, { kinds: loaded }) };
  });
}
