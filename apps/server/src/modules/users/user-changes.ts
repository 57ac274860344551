import type { UserRecord } from './users.repository.js';

/**
 * The audit wording of an edit: one sentence per changed field, e.g. "Role changed from Clerk to Supervisor".
 * Fields equal to what is stored are not changes.
 */
export function describeUserChanges(
  before: Pick<UserRecord, 'name' | 'mobileNo' | 'roleId' | 'roleName'>,
  after: { name?: string; mobileNo?: string; roleId?: number; roleName?: string | undefined },
): string[] {
  const changes: string[] = [];
  if (after.name !== undefined && after.name !== before.name)
    changes.push(`Name changed from ${before.name} to ${after.name}`);
  if (after.mobileNo !== undefined && after.mobileNo !== before.mobileNo)
    changes.push(`Mobile number changed from ${before.mobileNo} to ${after.mobileNo}`);
  if (after.roleId !== undefined && after.roleId !== before.roleId)
    changes.push(`Role changed from ${before.roleName} to ${after.roleName ?? after.roleId}`);
  return changes;
}
