import { Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { compareDecimal } from '@/features/records/posting/decimal';
import { formatMoney, NOT_AVAILABLE } from '@/lib/format';
import type { VasFigures } from './vas-transaction-rows';

export const PROFIT_MARGIN_FORMULA = 'Selling price × collected quantity − buying price × collected quantity';

/** The 'Profit Margin' header with the formula in a tooltip (docs/spec/product-spec.md section 2); focusable for keyboard users. */
export function ProfitMarginHeader() {
  return (
    <Tooltip
      label={PROFIT_MARGIN_FORMULA}
      withArrow
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Group
        component="span"
        gap={4}
        wrap="nowrap"
        tabIndex={0}
        style={{ display: 'inline-flex', cursor: 'help' }}
      >
        Profit Margin
        <IconInfoCircle size={14} aria-hidden />
      </Group>
    </Tooltip>
  );
}

/**
 * The margin at the collected quantity, red when it is a loss; the total it comes from in the tooltip. Both in
 * the record's currency when it has one ('USD 120.00', issue 25).
 */
export function ProfitMarginValue({
  figures,
  currency = null,
}: {
  figures: VasFigures | null;
  currency?: string | null;
}) {
  if (!figures)
    return (
      <Text size="sm" c="dimmed">
        {NOT_AVAILABLE}
      </Text>
    );
  const loss = compareDecimal(figures.margin, '0') < 0;
  return (
    <Tooltip
      label={`Total: ${formatMoney(figures.total, currency)} (selling price × collected quantity)`}
      withArrow
    >
      <Text
        size="sm"
        c={loss ? 'red.7' : undefined}
        fw={loss ? 600 : undefined}
        data-loss={loss || undefined}
      >
        {formatMoney(figures.margin, currency)}
      </Text>
    </Tooltip>
  );
}
