import { z } from 'zod';

/**
 * The permission catalogue (architecture.md section 7). Names are what roles store and what the
 * current user carries; only `Post Loss` is checked by the screens themselves.
 */
export const PERMISSIONS = {
  viewSalesInvoices: 'View Sales Invoices',
  postSalesInvoices: 'Post Sales Invoices',
  viewTransporterInvoices: 'View Transporter Invoices',
  postTransporterInvoices: 'Post Transporter Invoices',
  viewCashAdvances: 'View Cash Advances',
  postCashAdvances: 'Post Cash Advances',
  viewFuelAdvances: 'View Fuel Advances',
  postFuelAdvances: 'Post Fuel Advances',
  viewVasTransactions: 'View VAS Transactions',
  postVasTransactions: 'Post VAS Transactions',
  postLoss: 'Post Loss',
  manageUsers: 'Manage Users',
  manageRoles: 'Manage Roles',
  viewAuditLogs: 'View Audit Logs',
  manageSettings: 'Manage Settings',
} as const;

export type PermissionName = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(PERMISSIONS);
export const ADMINISTRATOR_ROLE = 'Administrator';

export const permission = z.object({ id: z.number().int(), name: z.string() });
export type Permission = z.infer<typeof permission>;
