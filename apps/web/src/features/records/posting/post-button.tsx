import { Button, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

export type PostButtonProps = {
  /** How many rows are selected; the button stays disabled at 0 (docs/spec/product-spec.md section 2). */
  selectedCount: number;
  /** True while the post runs. */
  loading: boolean;
  /** Disabled for another reason (the matching rows are loading). */
  disabled?: boolean;
  /**
   * The kind's Post permission when the user lacks it ('Post Cash Advances'): the button is disabled and
   * its tooltip names the permission (issue 26, defect 10).
   */
  missingPermission?: string | null;
  onClick: () => void;
};

/** The disabled post button's tooltip when the user's role lacks the kind's Post permission. */
export const missingPermissionText = (permission: string) => `You need the ${permission} permission.`;

export const POST_BUTTON_LABEL = 'Post to SAP';

/** The posting screens' 'Post to SAP' button (its label names the ERP system). */
export function PostButton({
  selectedCount,
  loading,
  disabled = false,
  missingPermission,
  onClick,
}: PostButtonProps) {
  if (missingPermission) {
    // Focusable while disabled (aria-disabled, Mantine's data-disabled), so the tooltip shows on hover and on
    // keyboard focus and the reason is the button's description.
    const reason = missingPermissionText(missingPermission);
    return (
      <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          data-disabled
          aria-disabled
          aria-description={reason}
          onClick={(event) => event.preventDefault()}
        >
          {POST_BUTTON_LABEL}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      leftSection={<IconSend size={16} aria-hidden />}
      disabled={selectedCount === 0 || disabled}
      loading={loading}
      onClick={onClick}
    >
      {POST_BUTTON_LABEL}
    </Button>
  );
}
