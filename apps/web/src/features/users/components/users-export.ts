import type { User } from '@ff/contract';
import { statusListExport } from '@/components/status-switch';

/** The Users list's Export menu: every field of the list. */
export const usersExport = statusListExport<User>('users', [
  { header: 'Full Name', value: (user) => user.name },
  { header: 'Email', value: (user) => user.email },
  { header: 'Mobile', value: (user) => user.mobileNo },
  { header: 'Role', value: (user) => user.role },
]);
