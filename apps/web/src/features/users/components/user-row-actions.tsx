import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { IconDots } from '@tabler/icons-react';
import type { User } from '@ff/contract';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { resendInvitation } from '../api/resend-invitation';
import { LazyEditUserModal, preloadEditUserModal } from './lazy-edit-user-modal';

export const RESEND_FAILED = 'Failed to resend the invitation. Please try again.';

/** A user row's menu: Edit, and Resend invitation while the user has not set a password. */
export function UserRowActions({ user }: { user: User }) {
  const [editOpened, edit] = useDisclosure(false);
  const resend = useMutation({ mutationFn: resendInvitation });
  const onResend = () =>
    resend.mutate(user.id, {
      onSuccess: (answer) => notifySuccess({ message: answer.status }),
      onError: (error) => notifyError({ message: errorMessage(error, RESEND_FAILED) }),
    });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${user.name}`}
            loading={resend.isPending}
            onPointerEnter={preloadEditUserModal}
          >
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={edit.open}>Edit</Menu.Item>
          {user.invitationPending && <Menu.Item onClick={onResend}>Resend invitation</Menu.Item>}
        </Menu.Dropdown>
      </Menu>
      <LazyEditUserModal opened={editOpened} onClose={edit.close} user={user} />
    </>
  );
}
