import type { User } from '@ff/contract';
import type { ExportOptions } from '@/lib/export/export-columns';

/** The Users list's Export menu: every field of the list, the id as a number, the status as its label. */
export const usersExport: ExportOptions<User> = {
  fileName: 'users',
  columns: [
    { header: 'ID', type: 'number', value: (user) => user.id },
    { header: 'Full Name', value: (user) => user.name },
    { header: 'Email', value: (user) => user.email },
    { header: 'Mobile', value: (user) => user.mobileNo },
    { header: 'Role', value: (user) => user.role },
    { header: 'Created At', type: 'datetime', value: (user) => user.createdAt },
    { header: 'Created By', value: (user) => user.createdBy },
    { header: 'Status', value: (user) => (user.isActive ? 'Active' : 'Disabled') },
  ],
};
