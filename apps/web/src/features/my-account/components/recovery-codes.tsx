import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import classes from './my-account.module.css';

export const RECOVERY_CODES_FILE = 'freight-finance-recovery-codes.txt';

/** The text file of the codes: what they are, then one code a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Freight Finance recovery codes',
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** New recovery codes, shown once: copy or download them, then Done hides them for good. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconKey size={18} aria-hidden />}
        title="Save your recovery codes"
        classNames={{ title: classes.alertTitle }}
      >
        Keep these codes somewhere safe, apart from your phone. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </Alert>
      <ul className={classes.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" size="sm">
            {code}
          </Text>
        ))}
      </ul>
      <Group justify="space-between">
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(codes)}
          >
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}
