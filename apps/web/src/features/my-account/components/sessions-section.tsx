import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { AccountSession } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { ACTIONS_HEADER, ScrollTable } from '@/components/scroll-table';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAccountSessions, useEndAccountSession, useSignOutOtherSessions } from '../api/sessions';

export const SESSION_TEXTS = {
  signedOut: (device: string) => `${device} has been signed out.`,
  othersSignedOut: (ended: number) =>
    ended === 1 ? '1 other session has been signed out.' : `${ended} other sessions have been signed out.`,
  signOutFailed: 'The session could not be signed out. Please try again.',
  confirm:
    'Every other browser and device signed in to your account is signed out and must sign in again. This one stays signed in.',
} as const;

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndAccountSession();
  const signOut = () =>
    end.mutate(session.id, {
      onSuccess: () => notifySuccess({ message: SESSION_TEXTS.signedOut(session.device) }),
      onError: (error) => notifyError({ message: errorMessage(error, SESSION_TEXTS.signOutFailed) }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{session.device}</Text>
          {session.current && (
            <Badge color="teal" variant="dot">
              This device
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{session.ipAddress}</Table.Td>
      <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
      <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
      <Table.Td>
        {!session.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={end.isPending}
            onClick={signOut}
            aria-label={`Sign out ${session.device} (${session.ipAddress})`}
          >
            Sign out
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function SignOutOthers({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOtherSessions();
  const confirm = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirming(false);
        notifySuccess({ message: SESSION_TEXTS.othersSignedOut(ended) });
      },
      onError: (error) => notifyError({ message: errorMessage(error, SESSION_TEXTS.signOutFailed) }),
    });
  return (
    <>
      <Button variant="default" disabled={count === 0} onClick={() => setConfirming(true)}>
        Sign out all other sessions
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out all other sessions?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">{SESSION_TEXTS.confirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={signOutOthers.isPending} onClick={confirm}>
              Sign out others
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The user's own sessions: where they are signed in, and a way to end the others. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  if (sessions.isError) return <ErrorAlert error={sessions.error} />;
  const rows = sessions.data ?? [];
  return (
    <Stack gap="md" pos="relative" mih={80}>
      <PageLoadingOverlay visible={sessions.isLoading} />
      <ScrollTable
        minWidth={640}
        verticalSpacing="sm"
        aria-label="Your sessions"
        headers={['Device', 'IP address', 'Signed in', 'Last seen', ACTIONS_HEADER]}
      >
        {rows.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ScrollTable>
      <Group justify="flex-end">
        <SignOutOthers count={rows.filter((session) => !session.current).length} />
      </Group>
    </Stack>
  );
}
