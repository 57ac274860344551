import type { Role } from '@ff/contract';
import { statusListExport } from '@/components/status-switch';

/** The Roles list's Export menu: the permissions in one cell. */
export const rolesExport = statusListExport<Role>('roles', [
  { header: 'Name', value: (role) => role.name },
  { header: 'Permissions', value: (role) => role.permissions },
]);
