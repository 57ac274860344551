import {
  IconCash,
  IconFileInvoice,
  IconGasStation,
  IconHistory,
  IconListCheck,
  IconScale,
  IconLayoutDashboard,
  IconPackages,
  IconShieldLock,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { recordScreens } from '@ff/contract/plain';
import { paths } from '@/lib/paths';

export type NavLinkItem = { label: string; to: string; icon: Icon };

/** The record screens' icons by screen path; a new screen shows the invoice icon until it gets its own. */
const RECORD_SCREEN_ICONS: Record<string, Icon> = {
  '/invoices/sales': IconFileInvoice,
  '/invoices/transporter': IconTruckDelivery,
  '/advance/cash': IconCash,
  '/advance/fuel': IconGasStation,
  '/vas/transactions': IconPackages,
};

/**
 * The left navigation, in the spec's order (the record screens in the registry's); shown to every user. Posting
 * History and Reconciliation (beyond the spec) follow the record screens.
 */
export const navLinks: NavLinkItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  ...recordScreens().map(({ navLabel, path }) => ({
    label: navLabel,
    to: path,
    icon: RECORD_SCREEN_ICONS[path] ?? IconFileInvoice,
  })),
  { label: 'Posting History', to: paths.postings, icon: IconListCheck },
  { label: 'Reconciliation', to: paths.reconciliation, icon: IconScale },
  { label: 'Users', to: paths.users, icon: IconUsers },
  { label: 'Roles', to: paths.roles, icon: IconShieldLock },
  { label: 'Audit Logs', to: paths.auditLogs, icon: IconHistory },
];

/** The dashboard is active only on '/', every other link also on its sub-paths. */
export function isLinkActive(to: string, pathname: string): boolean {
  if (to === paths.dashboard) return pathname === paths.dashboard;
  return pathname === to || pathname.startsWith(`${to}/`);
}
