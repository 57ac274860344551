import { Alert, Button, Text } from '@mantine/core';
import { formatAmount, formatCount } from '@/lib/format';
import { addDecimal, isDecimal } from './decimal';
import type { BlockedRows } from './posting-kind';

/** The exact sum of the amounts (decimal text, never float sums); empty or unreadable amounts count as 0. */
export function sumAmounts(amounts: Iterable<string | null | undefined>): string {
  let total = '0.00';
  for (const amount of amounts) if (isDecimal(amount)) total = addDecimal(total, amount.trim());
  return total;
}

/** '3 selected · Total 12,345.67' beside the post button (issue 12). */
export function SelectionSummary({ count, total }: { count: number; total: string | null }) {
  if (count === 0) return null;
  return (
    <Text size="sm" fw={500} aria-live="polite" data-testid="selection-summary">
      {`${formatCount(count)} selected`}
      {total !== null && ` · Total ${formatAmount(total)}`}
    </Text>
  );
}

/**
 * The selected rows this user may not post (VAS: a loss without Post Loss), named, with a button that
 * deselects them so the others can be posted (issue 12, defect 7).
 */
export function BlockedRowsAlert({ blocked, onDeselect }: { blocked: BlockedRows; onDeselect: () => void }) {
  return (
    <Alert color="yellow" title="Warning" role="alert">
      <Text size="sm" mb="xs">
        {`${blocked.message} ${blocked.names.join(', ')}.`}
      </Text>
      <Button size="xs" variant="default" onClick={onDeselect}>
        Deselect the loss rows
      </Button>
    </Alert>
  );
}
