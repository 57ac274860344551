import { lazy } from 'react';
import { LazyOnOpen } from '@/components/lazy-on-open';
import type { AddUserModalProps } from './add-user-modal';

/**
 * The Add User form needs every country's dial code and libphonenumber-js's metadata (most of the users
 * screen's weight), so it downloads when the modal is first wanted, not with the list.
 */
const loadAddUserModal = () => import('./add-user-modal');
const AddUserModal = lazy(async () => ({ default: (await loadAddUserModal()).AddUserModal }));

/** Starts the download early, e.g. when the pointer reaches the Add User button. */
export const preloadAddUserModal = () => void loadAddUserModal();

export function LazyAddUserModal({ opened, onClose }: AddUserModalProps) {
  return (
    <LazyOnOpen opened={opened}>
      <AddUserModal opened={opened} onClose={onClose} />
    </LazyOnOpen>
  );
}
