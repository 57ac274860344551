import type { Role } from '@ff/contract';
import { useRefetchingMutation } from '@/lib/list-query';
import { patchStatus, type ToggleStatusInput } from '@/lib/toggle-status';

export const toggleRoleStatus = (input: ToggleStatusInput) => patchStatus<Role>('/toggleRoles', input);

/** Roles are refetched after a status change (docs/spec/product-spec.md section 4), unlike users which flip locally. */
export const useToggleRoleStatus = () => useRefetchingMutation(toggleRoleStatus, ['roles']);
