import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SapConnectionState } from '@ff/contract';

/** Why the test before saving failed: SAP's state (when SAP or the server answered) and its message. */
export type FailedTest = { state: SapConnectionState | 'not-tested'; message: string };

const TITLES: Record<FailedTest['state'], string> = {
  'login-refused': 'SAP refused the login',
  unreachable: 'SAP could not be reached',
  'not-configured': 'The connection is not complete',
  connected: 'The connection test failed',
  'not-tested': 'The connection could not be tested',
};

export const SAVE_ANYWAY_MESSAGES = {
  consequence: 'Postings to SAP will fail until the connection works. Save these settings anyway?',
} as const;

/** Asks before saving settings that failed their test, with SAP's answer. */
export function SaveAnywayModal({
  failure,
  saving,
  onSave,
  onCancel,
}: {
  failure: FailedTest | null;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={failure !== null} onClose={onCancel} title={failure ? TITLES[failure.state] : ''} centered>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {failure?.state === 'not-tested' ? 'What happened:' : "SAP's answer:"}
        </Text>
        <Text size="sm" data-testid="sap-answer">
          {failure?.message}
        </Text>
        <Text size="sm">{SAVE_ANYWAY_MESSAGES.consequence}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onSave} loading={saving}>
            Save anyway
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
