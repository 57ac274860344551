import { useQuery } from '@tanstack/react-query';
import type { Role } from '@ff/contract';
import { getList } from '@/lib/list-query';

export interface RoleOption {
  id: number;
  value: string;
  label: string;
}

/** Role choices of the add-user form: active roles only, value and label both the role name (docs/spec/product-spec.md section 3). */
export async function getRoleOptions(): Promise<RoleOption[]> {
  const roles = await getList<Role>('/roles');
  return roles
    .filter((role) => role.isActive)
    .map((role) => ({ id: role.id, value: role.name, label: role.name }));
}

export const useRoleOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  // Under the 'roles' prefix so that adding or toggling a role refreshes these choices too.
  useQuery({ queryKey: ['roles', 'options'] as const, queryFn: getRoleOptions, enabled });
