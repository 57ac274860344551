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
  return <ReasonBadge label="Failed" color="red" tooltip={reason} aria-label={`Failed: ${reason}`} />;
}

/**
 * A row's status badge whose tooltip gives the reason, on hover, touch and keyboard focus (the badge is
 * focusable): the Status column's 'Failed' and 'Reversed' (reversed-rows.tsx).
 */
export function ReasonBadge({
  label,
  color,
  tooltip,
  'aria-label': ariaLabel,
  testId,
}: {
  label: string;
  color: string;
  tooltip: string;
  'aria-label': string;
  testId?: string;
}) {
  return (
    <Tooltip
      label={tooltip}
      multiline
      w={340}
      withArrow
      position="right"
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color={color}
        variant="light"
        size="sm"
        radius="sm"
        tabIndex={0}
        aria-label={ariaLabel}
        data-testid={testId}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
