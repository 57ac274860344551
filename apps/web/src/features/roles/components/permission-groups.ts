import type { Permission } from '@ff/contract';

/** The heading a permission is listed under: the records it is about, or Administration. */
export function permissionGroupOf(name: string): string {
  if (name === 'Post Loss') return 'VAS Transactions';
  const records = /^(?:View|Post) (.+)$/.exec(name)?.[1];
  return records && records !== 'Audit Logs' ? records : 'Administration';
}

/** The catalogue in groups, in catalogue order (the order of their first permission). */
export function groupPermissions(
  permissions: readonly Permission[],
): { group: string; items: Permission[] }[] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const group = permissionGroupOf(permission.name);
    groups.set(group, [...(groups.get(group) ?? []), permission]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
