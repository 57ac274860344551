import { lazy } from 'react';
import { LazyOnOpen } from '@/components/lazy-on-open';
import type { RolePermissionsModalProps } from './role-permissions-modal';

/** The permission editor downloads when first opened, not with the Roles list. */
const loadModal = () => import('./role-permissions-modal');
const RolePermissionsModal = lazy(async () => ({ default: (await loadModal()).RolePermissionsModal }));

export const preloadRolePermissionsModal = () => void loadModal();

export function LazyRolePermissionsModal(props: RolePermissionsModalProps) {
  return (
    <LazyOnOpen opened={props.opened}>
      <RolePermissionsModal {...props} />
    </LazyOnOpen>
  );
}
