import { Anchor, Badge, Button, Card, Group, Text } from '@mantine/core';
import type { SapConnectionState } from '@ff/contract';
import { PERMISSIONS } from '@ff/contract/plain';
import { Link } from 'react-router';
import { useHasPermission } from '@/lib/auth/current-user';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useRefreshSapStatus, useSapStatus } from '../api/get-sap-status';

const STATES: Record<SapConnectionState, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'green' },
  'login-refused': { label: 'Login refused', color: 'red' },
  unreachable: { label: 'Not reachable', color: 'red' },
  'not-configured': { label: 'Not set up', color: 'yellow' },
};

/** The SAP connection as last checked, with SAP's answer; those who can fix it may check again or open Settings. */
export function SapStatusCard() {
  const status = useSapStatus();
  const refresh = useRefreshSapStatus();
  const canManage = useHasPermission(PERMISSIONS.manageSettings);
  const state = status.data ? STATES[status.data.state] : undefined;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sap-status-title">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="dimmed" id="sap-status-title">
          SAP connection
        </Text>
        {state && (
          <Badge color={state.color} variant="dot" data-testid="sap-status-badge">
            {state.label}
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="xs" aria-live="polite">
        {status.isPending
          ? 'Checking the connection to SAP…'
          : status.isError
            ? errorMessage(status.error, 'The SAP connection status could not be read.')
            : status.data.message}
      </Text>
      {status.data && (
        <Text size="xs" c="dimmed" mt={4}>
          Checked {formatDateTime(status.data.checkedAt)}
        </Text>
      )}
      {canManage && (
        <Group gap="sm" mt="sm">
          <Button
            size="xs"
            variant="default"
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onError: (error) =>
                  notifyError({ message: errorMessage(error, 'The SAP connection could not be checked.') }),
              })
            }
          >
            Check again
          </Button>
          {status.data && status.data.state !== 'connected' && (
            <Anchor component={Link} to="/general-settings" size="sm">
              Open Settings
            </Anchor>
          )}
        </Group>
      )}
    </Card>
  );
}
