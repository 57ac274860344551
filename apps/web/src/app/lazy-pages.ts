import { lazy, type ComponentType } from 'react';

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
export const DashboardPage = lazyPage(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage');
export const SalesInvoicesPage = lazyPage(
  () => import('@/features/sales-invoices/components/sales-invoices-page'),
  'SalesInvoicesPage',
);
export const TransporterInvoicesPage = lazyPage(
  () => import('@/features/transporter-invoices/components/transporter-invoices-page'),
  'TransporterInvoicesPage',
);
export const CashAdvancePage = lazyPage(
  () => import('@/features/cash-advance/components/cash-advance-page'),
  'CashAdvancePage',
);
export const FuelAdvancePage = lazyPage(
  () => import('@/features/fuel-advance/components/fuel-advance-page'),
  'FuelAdvancePage',
);
export const VasTransactionsPage = lazyPage(
  () => import('@/features/vas-transactions/components/vas-transactions-page'),
  'VasTransactionsPage',
);
export const UsersPage = lazyPage(() => import('@/features/users/components/users-page'), 'UsersPage');
export const RolesPage = lazyPage(() => import('@/features/roles/components/roles-page'), 'RolesPage');
export const AuditLogsPage = lazyPage(
  () => import('@/features/audit-logs/components/audit-logs-page'),
  'AuditLogsPage',
);
export const SettingsPage = lazyPage(() => import('@/features/settings/components/settings-page'), 'SettingsPage');
export const NotFoundPage = lazyPage(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage');
