import { lazy } from 'react';
import { LazyOnOpen } from '@/components/lazy-on-open';
import type { EditUserModalProps } from './edit-user-modal';

/** Like Add User, the Edit User form (country codes, phone metadata) downloads when first opened. */
const loadEditUserModal = () => import('./edit-user-modal');
const EditUserModal = lazy(async () => ({ default: (await loadEditUserModal()).EditUserModal }));

export const preloadEditUserModal = () => void loadEditUserModal();

export function LazyEditUserModal(props: EditUserModalProps) {
  const { user } = props;
  return (
    <LazyOnOpen opened={props.opened}>
      {/* Keyed by what the form shows, so it opens with the user's values after an edit. */}
      <EditUserModal key={`${user.name}|${user.mobileNo}|${user.role}`} {...props} />
    </LazyOnOpen>
  );
}
