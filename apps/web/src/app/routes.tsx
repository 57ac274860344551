import type { RouteObject } from 'react-router';
import { recordScreens } from '@ff/contract/plain';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { paths } from '@/lib/paths';
import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { SessionGate } from './guards/session-gate';
import { pages, recordScreenPage } from './lazy-pages';

/** The record screens, from the registry: one per screen path, its kinds as one list or as tabs. */
const recordRoutes: RouteObject[] = recordScreens().map(({ path, kinds }) => {
  const Page = recordScreenPage(kinds);
  return { path, element: <Page /> };
});

/** The route table of docs/spec/product-spec.md section 2. */
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
              ...recordRoutes,
              { path: paths.postings, element: <pages.PostingHistoryPage /> },
              { path: paths.reconciliation, element: <pages.ReconciliationPage /> },
              { path: paths.users, element: <pages.UsersPage /> },
              { path: paths.roles, element: <pages.RolesPage /> },
              { path: paths.auditLogs, element: <pages.AuditLogsPage /> },
              { path: paths.settings, element: <pages.SettingsPage /> },
              { path: paths.account, element: <pages.MyAccountPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <pages.NotFoundPage /> },
    ],
  },
];
