import type { RouteObject } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { paths } from '@/lib/paths';
import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { SessionGate } from './guards/session-gate';
import * as pages from './lazy-pages';

/** Spec section 2's route table. */
export const routes: RouteObject[] = [
  {
    element: <SessionGate />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: paths.login, element: <pages.LoginPage /> },
              { path: paths.forgotPassword, element: <pages.ForgotPasswordPage /> },
              // Optional token: a link without one still lands on the page and shows 'Invalid Link'.
              { path: '/password-reset/:token?', element: <pages.ResetPasswordPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <pages.AppLayout />,
            children: [
              { path: paths.dashboard, element: <pages.DashboardPage /> },
              { path: paths.salesInvoices, element: <pages.SalesInvoicesPage /> },
              { path: paths.transporterInvoices, element: <pages.TransporterInvoicesPage /> },
              { path: paths.cashAdvance, element: <pages.CashAdvancePage /> },
              { path: paths.fuelAdvance, element: <pages.FuelAdvancePage /> },
              { path: paths.vasTransactions, element: <pages.VasTransactionsPage /> },
              { path: paths.users, element: <pages.UsersPage /> },
              { path: paths.roles, element: <pages.RolesPage /> },
              { path: paths.auditLogs, element: <pages.AuditLogsPage /> },
              { path: paths.settings, element: <pages.SettingsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <pages.NotFoundPage /> },
    ],
  },
];
