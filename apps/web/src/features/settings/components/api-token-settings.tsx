import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ApiToken, ImportKindOption } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { ACTIONS_HEADER } from '@/components/scroll-table';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { ApiTokenCreateModal } from './api-token-create-modal';
import { formatDate, formatDateTime } from '@/lib/format';
import { API_TOKEN_TEXTS as T, importsLabel, STATUS_BADGES } from './api-token-form';

const HEADERS = [
  'Name',
  'Imports',
  'Created by',
  'Created',
  'Expires',
  'Last used',
  'Status',
  ACTIONS_HEADER,
];

function TokenRow({
  token,
  importKinds,
  onRevoke,
}: {
  token: ApiToken;
  importKinds: ImportKindOption[];
  onRevoke: (token: ApiToken) => void;
}) {
  const badge = STATUS_BADGES[token.status];
  return (
    <Table.Tr>
      <Table.Td fw={500}>{token.name}</Table.Td>
      <Table.Td>{importsLabel(token.kinds, importKinds)}</Table.Td>
      <Table.Td>{token.createdBy ?? T.commandLine}</Table.Td>
      <Table.Td>{formatDateTime(token.createdAt)}</Table.Td>
      {/* The last working day, as it was chosen. */}
      <Table.Td>{token.expiresOn ? formatDate(token.expiresOn) : T.never}</Table.Td>
      <Table.Td>
        {token.lastUsedAt ? (
          <>
            <Text size="sm">{formatDateTime(token.lastUsedAt)}</Text>
            {token.lastUsedFrom && (
              <Text size="xs" c="dimmed">
                from {token.lastUsedFrom}
              </Text>
            )}
          </>
        ) : (
          T.never
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={badge.color} variant="light" miw="max-content">
          {badge.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {token.status === 'active' && (
          <Button size="compact-sm" variant="light" color="red" onClick={() => onRevoke(token)}>
            {T.revoke}
            <VisuallyHidden> {token.name}</VisuallyHidden>
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Asks before revoking: the token stops working at once. The answer's message is a toast. */
function RevokeModal({
  opened,
  token,
  onClose,
}: {
  opened: boolean;
  token: ApiToken | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiToken();
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!token) return;
    revoke.mutate(token.id, {
      onSuccess: (answer) => {
        notifySuccess({ message: answer.message });
        close();
      },
      onError: (error) => {
        notifyError({ message: errorMessage(error, T.revokeFailed) });
        close();
      },
    });
  };
  return (
    <Modal
      opened={opened && token !== null}
      onClose={close}
      title={T.revokeTitle(token?.name ?? '')}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">{T.revokeBody}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={revoke.isPending} data-autofocus>
            {T.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={revoke.isPending}>
            {T.revoke}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Settings page's API tokens tab (issue 23, Manage API Tokens): the tokens, a new one, revoking one. */
export function ApiTokenSettings() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  // The token asked about stays set while its window closes, so the title does not empty during the transition.
  const [revoking, setRevoking] = useState<{ token: ApiToken | null; opened: boolean }>({
    token: null,
    opened: false,
  });
  const importKinds = tokens.data?.importKinds ?? [];
  const rows = tokens.data?.data ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} pos="relative" mih={160}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {T.help} <Code>{T.header}</Code>. {T.helpAfter}
        </Text>
        <Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            disabled={!tokens.data}
          >
            {T.newToken}
          </Button>
        </Group>
        <PageLoadingOverlay visible={tokens.isLoading} />
        {tokens.isError && <ErrorAlert error={tokens.error} />}
        {tokens.data && rows.length === 0 && <Text size="sm">{T.none}</Text>}
        {rows.length > 0 && (
          // At phone width the columns scroll sideways inside this box; it takes the focus, so a keyboard
          // scrolls it with the arrow keys. Positioned, so it also clips the Revoke buttons' visually hidden
          // names (absolutely placed): otherwise they widen the page past the phone's width.
          <Table.ScrollContainer
            minWidth={960}
            type="native"
            pos="relative"
            tabIndex={0}
            role="group"
            aria-label={T.title}
          >
            <Table verticalSpacing="xs" highlightOnHover aria-label={T.title}>
              <Table.Thead>
                <Table.Tr>
                  {HEADERS.map((header, index) => (
                    <Table.Th key={index} scope="col">
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((token) => (
                  <TokenRow
                    key={token.id}
                    token={token}
                    importKinds={importKinds}
                    onRevoke={(token) => setRevoking({ token, opened: true })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ApiTokenCreateModal opened={creating} onClose={() => setCreating(false)} importKinds={importKinds} />
      <RevokeModal
        opened={revoking.opened}
        token={revoking.token}
        onClose={() => setRevoking((state) => ({ ...state, opened: false }))}
      />
    </Paper>
  );
}
