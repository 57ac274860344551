import {
  IconCash,
  IconFileInvoice,
  IconGasStation,
  IconHistory,
  IconLayoutDashboard,
  IconPackages,
  IconShieldLock,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/lib/paths';

export type NavLinkItem = { label: string; to: string; icon: Icon };

/** The left navigation, in the spec's order; every link is shown to every user. */
export const navLinks: NavLinkItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Sales Invoices', to: paths.salesInvoices, icon: IconFileInvoice },
  { label: 'Transporter Invoices', to: paths.transporterInvoices, icon: IconTruckDelivery },
  { label: 'Cash Advance', to: paths.cashAdvance, icon: IconCash },
  { label: 'Fuel Advance', to: paths.fuelAdvance, icon: IconGasStation },
  { label: 'VAS Transactions', to: paths.vasTransactions, icon: IconPackages },
  { label: 'Users', to: paths.users, icon: IconUsers },
  { label: 'Roles', to: paths.roles, icon: IconShieldLock },
  { label: 'Audit Logs', to: paths.auditLogs, icon: IconHistory },
];

/** The dashboard is active only on '/', every other link also on its sub-paths. */
export function isLinkActive(to: string, pathname: string): boolean {
  if (to === paths.dashboard) return pathname === paths.dashboard;
  return pathname === to || pathname.startsWith(`${to}/`);
}
