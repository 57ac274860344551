import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';

export type PostButtonProps = {
  /** How many rows are selected; the button stays disabled at 0 (docs/spec/product-spec.md section 2). */
  selectedCount: number;
  /** True while the post runs. */
  loading: boolean;
  /** Disabled for another reason (the matching rows are loading). */
  disabled?: boolean;
  onClick: () => void;
};

export const POST_BUTTON_LABEL = 'Post to SAP';

/** The posting screens' 'Post to SAP' button (its label names the ERP system). */
export function PostButton({ selectedCount, loading, disabled = false, onClick }: PostButtonProps) {
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
