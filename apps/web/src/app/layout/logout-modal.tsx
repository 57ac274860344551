import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useLogout } from '@/lib/auth/logout';
import { notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';

export function LogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const logout = useLogout();

  const confirm = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        onClose();
        void navigate(paths.login, { replace: true });
      },
      onError: () => notifyError({ message: 'Failed to log out', position: 'top-right' }),
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Are you sure?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">
        This action will return you to the login page, and you will need to enter your credentials again to
        continue.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={logout.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={logout.isPending}>
          Confirm
        </Button>
      </Group>
    </Modal>
  );
}
