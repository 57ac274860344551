import { Badge, Tooltip } from '@mantine/core';

export type FailedRowBadgeProps = {
  status: 'unposted' | 'failed';
  /** SAP's (or the server's) reason for the last failed post. */
  lastError: string | null;
};

export const FAILED_WITHOUT_REASON = 'The last attempt to post this record failed.';

/** A red 'Failed' badge whose tooltip gives the reason of the last failed post; nothing for other rows. */
export function FailedRowBadge({ status, lastError }: FailedRowBadgeProps) {
  if (status !== 'failed') return null;
  const reason = lastError?.trim() || FAILED_WITHOUT_REASON;
  return (
    <Tooltip
      label={reason}
      multiline
      w={340}
      withArrow
      position="right"
      events={{ hover: true, focus: true, touch: true }}
    >
      {/* Focusable, so keyboard users can read the reason too. */}
      <Badge color="red" variant="light" size="sm" radius="sm" tabIndex={0} aria-label={`Failed: ${reason}`}>
        Failed
      </Badge>
    </Tooltip>
  );
}
