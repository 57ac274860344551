import type { Role } from '@ff/contract';
import type { ExportOptions } from '@/lib/export/export-columns';

/** The Roles list's Export menu: the id as a number, the permissions in one cell, the status as its label. */
export const rolesExport: ExportOptions<Role> = {
  fileName: 'roles',
  columns: [
    { header: 'ID', type: 'number', value: (role) => role.id },
    { header: 'Name', value: (role) => role.name },
    { header: 'Permissions', value: (role) => role.permissions },
    { header: 'Created At', type: 'datetime', value: (role) => role.createdAt },
    { header: 'Created By', value: (role) => role.createdBy },
    { header: 'Status', value: (role) => (role.isActive ? 'Active' : 'Disabled') },
  ],
};
